import { addDays } from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { occurrencesBetween } from '../schedules/index.ts';
import {
  type AssigneeFilter,
  type DateRange,
  findScheduleGroups,
  type PlannedRequest,
  type ScheduleGroup,
} from './queries.ts';

// Planned occurrences (ADR 059): the due dates of active schedules that are not tasks yet, computed
// with the engine's own recurrence code from each schedule's next due date on, never stored. A
// schedule's tasks are all due before its next due date, so an occurrence and a task never meet.

/** Whose calendar, in which organization, and its today (no occurrence is shown before it). */
export interface CalendarScope {
  organizationId: string;
  filter: AssigneeFilter;
  today: string;
}

/** The due dates of a group within the range: a floating schedule has only its next one. */
function datesOf(group: ScheduleGroup, range: DateRange): string[] {
  if (group.mode === 'floating') {
    return group.nextDueOn >= range.from && group.nextDueOn <= range.to ? [group.nextDueOn] : [];
  }
  const from = group.nextDueOn > range.from ? group.nextDueOn : range.from;
  const days = Math.round((Date.parse(range.to) - Date.parse(from)) / 86_400_000) + 1;
  return occurrencesBetween(group.rrule, group.nextDueOn, { from, to: range.to }, days);
}

/**
 * The days of the range that have planned occurrences, in order, with the schedule groups that fall
 * on each: one projection per group of schedules sharing a rule and a next due date, whatever their
 * number; only schedules whose next due date falls by the range's end are read (ADR 059).
 */
export async function plannedDays(
  db: DbOrTx,
  scope: CalendarScope,
  range: DateRange,
): Promise<Map<string, ScheduleGroup[]>> {
  const from = range.from > scope.today ? range.from : scope.today;
  const byDay = new Map<string, ScheduleGroup[]>();
  if (from > range.to) return byDay;
  const groups = await findScheduleGroups(db, scope.organizationId, scope.filter, { from, to: range.to });
  for (const group of groups) {
    for (const date of datesOf(group, { from, to: range.to })) {
      const list = byDay.get(date);
      if (list) list.push(group);
      else byDay.set(date, [group]);
    }
  }
  return new Map([...byDay].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** How many schedules fall on a day. */
export const plannedCount = (groups: readonly ScheduleGroup[] | undefined) =>
  (groups ?? []).reduce((sum, group) => sum + group.schedules, 0);

/**
 * What to read of the planned occurrences after some tasks, in date order, up to `room` items in
 * all: each day's count as far as room is left. Answers the requests and whether some are left out.
 */
export function fillWithPlanned(
  planned: ReadonlyMap<string, ScheduleGroup[]>,
  room: number,
): { requests: PlannedRequest[]; more: boolean } {
  const requests: PlannedRequest[] = [];
  let left = room;
  for (const [date, groups] of planned) {
    const count = plannedCount(groups);
    if (left === 0) return { requests, more: true };
    const limit = Math.min(left, count);
    requests.push({ date, groups, limit });
    left -= limit;
    if (limit < count) return { requests, more: true };
  }
  return { requests, more: false };
}

/** The feed's window of planned occurrences: today and the days after it. */
export function windowFrom(today: string, days: number): DateRange {
  return { from: today, to: addDays(today, days - 1) };
}
