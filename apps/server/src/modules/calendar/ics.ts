import { addDays, CALENDAR_FEED_TEXTS, TASK_STATUS_LABELS } from '@mqr/contracts';
import type { CalendarRow } from './queries.ts';

// The ICS file of a user's feed, written by ical-generator (ADR 059).

export interface FeedContent {
  organizationName: string;
  userName: string;
  /** The organization's time zone: the dates are its calendar's (all-day events carry no zone). */
  timeZone: string;
  publicBaseUrl: string;
  rows: CalendarRow[];
}

/** How often calendar apps are asked to fetch the feed again. */
const REFRESH_SECONDS = 60 * 60;

/**
 * An event's UID, stable across fetches so that calendar apps update an event rather than add a
 * second one. A schedule's occurrence and the task it becomes share it (schedule and due date), so
 * the event stays the same when the engine creates the task.
 */
export function feedUid(
  row: Pick<CalendarRow, 'kind' | 'id' | 'scheduleId' | 'date'>,
  domain: string,
): string {
  if (row.scheduleId) return `schedule-${row.scheduleId}-${row.date}@${domain}`;
  return `task-${row.id}@${domain}`;
}

export async function buildFeed(content: FeedContent): Promise<string> {
  // ical-generator loads with the first feed, not with the server (idle memory, ADR 033).
  const { default: ical } = await import('ical-generator');
  const domain = new URL(content.publicBaseUrl).hostname;
  const calendar = ical({
    name: CALENDAR_FEED_TEXTS.name(content.organizationName),
    description: CALENDAR_FEED_TEXTS.description(content.userName),
    prodId: { company: 'Maintenance QR', product: 'Calendar feed', language: 'EN' },
    ttl: REFRESH_SECONDS,
  });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: content.timeZone }]);
  for (const row of content.rows) {
    calendar.createEvent({
      id: feedUid(row, domain),
      allDay: true,
      start: row.date,
      end: addDays(row.date, 1),
      // When the task or schedule last changed: an unchanged feed is the same file (and ETag).
      stamp: new Date(row.updatedAt),
      summary: CALENDAR_FEED_TEXTS.summary(row.title, row.assetName),
      description: row.taskStatus ? TASK_STATUS_LABELS[row.taskStatus] : CALENDAR_FEED_TEXTS.planned,
      url: `${content.publicBaseUrl}/assets/${row.assetId}`,
    });
  }
  return calendar.toString();
}
