import {
  IMPORT_MESSAGES,
  IMPORT_SAID,
  IMPORT_TARGET_LABELS,
  isScheduleDate,
  SCHEDULE_MESSAGES,
  SCHEDULE_MODE_LABELS,
  SCHEDULE_MODES,
  type TImportBuiltInTarget,
  type TScheduleMode,
  USAGE_COMBINES,
  ZScheduleBody,
} from '@mqr/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { metersOfAssets } from '../meters/index.ts';
import {
  type ImportedSchedule,
  insertImportedSchedules,
  lockAssets,
  recurrenceProblem,
  type ScheduleInput,
} from '../schedules/index.ts';
import { dateIn, numberIn } from './cell-formats.ts';
import { type ImportKindRules, rowStopped, type StoredRow } from './import-kind.ts';
import { type CheckedRowBase, type ImportPlan, type RowProblem, readRow, rowProblem } from './plan.ts';
import { findAssetsBySlugs, findTimeZone, updateImportRun } from './queries.ts';

/** A row of a schedules file as the import would write it, with what is wrong with it. */
interface CheckedScheduleRow extends CheckedRowBase {
  /** The asset's slug, lower-cased. */
  slug: string;
  /** The assignee's email, lower-cased; null for none. */
  assignee: string | null;
  /** The usage trigger's meter name, lower-cased; null without a trigger. */
  meter: string | null;
  /** The schedule as a save takes it (its assignee found later), when its cells are right. */
  schedule: Omit<ImportedSchedule, 'assetId'> | undefined;
}

/** "Counts from" as the export writes it (the screen's words) or as the API does. */
const MODES = new Map<string, TScheduleMode>(
  SCHEDULE_MODES.flatMap((mode) => [
    [mode, mode],
    [SCHEDULE_MODE_LABELS[mode].toLowerCase(), mode],
  ]),
);

/** The built-in target of each key of a schedule's save (for its problems' columns). */
const TARGET_OF: Record<string, TImportBuiltInTarget> = {
  title: 'title',
  notes: 'notes',
  recurrence: 'recurrence',
  mode: 'mode',
  leadDays: 'leadDays',
  startsOn: 'startsOn',
  endsOn: 'endsOn',
  priority: 'priority',
};

/** The built-in target of each key of a usage trigger (`usage.every`…). */
const USAGE_TARGET_OF: Record<string, TImportBuiltInTarget> = {
  meterId: 'meter',
  every: 'usageEvery',
  combine: 'usageCombine',
};

/** Stands for a row's meter, found by name once its asset is known (resolveRows). */
const METER_TO_FIND = '00000000-0000-4000-8000-000000000000';

/**
 * One row of a schedules file: the asset's slug (required), the schedule's cells read as a save takes
 * them (the recurrence as the API writes it; dates in the file's order; Counts from and Status in
 * words, Priority low, normal or high in any case), checked with the schedule form's rules and
 * messages, its recurrence's too (a due date between start and end, a lead time no longer than two
 * due dates apart), and its next due date within its start and end. A Meter, Usage every or
 * Whichever comes makes it a usage schedule (ADR 138): its recurrence is then optional (the calendar
 * backstop), and it counts from its last completion.
 */
export function checkScheduleRow(plan: ImportPlan, rowNumber: number, cells: string[]): CheckedScheduleRow {
  const row = readRow(plan, cells);
  const order = plan.formats.dateOrder;
  const slug = row.text('asset').toLowerCase();
  if (slug === '') row.problem('asset', IMPORT_MESSAGES.assetRequired);
  const date = (target: 'startsOn' | 'endsOn' | 'nextDueOn'): string | null => {
    const text = row.text(target);
    if (text === '') return null;
    const iso = dateIn(text, order)?.iso;
    if (iso && isScheduleDate(iso)) return iso;
    row.problem(target, iso ? SCHEDULE_MESSAGES.date : IMPORT_SAID.dateInvalid(text, order));
    return null;
  };
  let recurrence: unknown;
  try {
    recurrence = JSON.parse(row.text('recurrence') || 'null');
  } catch {
    row.problem('recurrence', IMPORT_MESSAGES.recurrenceInvalid);
  }
  // Empty: fixed, or from the last completion for a usage schedule (as the API leaves it out).
  const mode = row.text('mode') === '' ? undefined : MODES.get(row.text('mode').toLowerCase());
  if (mode === undefined && row.text('mode') !== '') row.problem('mode', IMPORT_MESSAGES.modeInvalid);
  const usage = usageOf(row, plan);
  const status = row.text('status').toLowerCase();
  if (status !== '' && status !== 'active' && status !== 'paused') {
    row.problem('status', IMPORT_MESSAGES.scheduleStatusInvalid);
  }
  const leadDays = row.text('leadDays');
  const body = {
    title: row.text('title'),
    notes: row.text('notes'),
    // Without a usage trigger, no recurrence is a wrong one; with one, none is "usage alone".
    recurrence: recurrence ?? (usage ? null : {}),
    usage,
    mode,
    // The API's words, in any case; empty: normal. Urgent is refused with the API's words (ADR 144).
    priority: row.text('priority').toLowerCase() || undefined,
    leadDays: leadDays === '' ? 0 : /^\d+$/.test(leadDays) ? Number(leadDays) : leadDays,
    startsOn: date('startsOn') ?? '',
    endsOn: date('endsOn'),
  };
  const nextDueOn = date('nextDueOn');
  const parsed = ZScheduleBody.safeParse(body);
  let schedule: CheckedScheduleRow['schedule'];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [key, usageKey] = issue.path.map(String);
      const target =
        (key === 'usage' ? USAGE_TARGET_OF[usageKey ?? ''] : TARGET_OF[key ?? '']) ?? 'recurrence';
      // A use the cell check could not read is not told twice.
      if (target === 'usageEvery' && usage?.every === undefined && row.text('usageEvery') !== '') continue;
      // A date the cell check refused already, or a recurrence that is no JSON, is not told twice.
      if (target === 'startsOn' && row.text('startsOn') === '') {
        row.problem('startsOn', SCHEDULE_MESSAGES.date);
      } else if (target === 'recurrence' && issue.code !== 'custom') {
        row.problem('recurrence', IMPORT_MESSAGES.recurrenceInvalid);
      } else row.problem(target, issue.message);
    }
  } else {
    const input: ScheduleInput = parsed.data;
    const problem = recurrenceProblem(input);
    if (problem) row.problem(TARGET_OF[problem.path] ?? 'recurrence', problem.message);
    else if (nextDueOn && (nextDueOn < input.startsOn || (input.endsOn && nextDueOn > input.endsOn))) {
      row.problem('nextDueOn', IMPORT_MESSAGES.nextDueOutOfRange);
    } else schedule = { input, nextDueOn, paused: status === 'paused' };
  }
  return {
    rowNumber,
    problems: dedupe(row.problems),
    values: [],
    slug,
    assignee: row.text('assignee').toLowerCase() || null,
    meter: usage ? row.text('meter').toLowerCase() : null,
    schedule,
  };
}

/**
 * A row's usage trigger, when its Meter, Usage every or Whichever comes says it has one: the meter
 * stands as METER_TO_FIND (found by name later), the use in the file's number format, First or Last
 * in any case (empty: first). Its cells' own problems are the row's; the save's rules check the rest.
 */
function usageOf(row: ReturnType<typeof readRow>, plan: ImportPlan) {
  const meter = row.text('meter');
  const everyText = row.text('usageEvery');
  const combineText = row.text('usageCombine').toLowerCase();
  if (meter === '' && everyText === '' && combineText === '') return null;
  if (meter === '') row.problem('meter', IMPORT_MESSAGES.meterRequired);
  const number = everyText === '' ? undefined : numberIn(everyText, plan.formats.numberFormat);
  if (everyText !== '' && number === undefined) {
    row.problem('usageEvery', IMPORT_SAID.numberInvalid(everyText, plan.formats.numberFormat));
  }
  const combine = combineText === '' ? 'first' : USAGE_COMBINES.find((word) => word === combineText);
  if (!combine) row.problem('usageCombine', IMPORT_MESSAGES.usageCombineInvalid);
  return {
    meterId: METER_TO_FIND,
    // Left out when empty or unreadable: the save's rule then names the column ("Enter how much use…").
    every: number === undefined ? undefined : Number(number),
    combine: combine ?? 'first',
  };
}

/** The problems of a row, each once (a save's rules and the cell's may say the same of a column). */
function dedupe(problems: RowProblem[]): RowProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.column}\n${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The active users of the organization with these emails (lower-cased), by email. */
async function assigneesOf(db: DbOrTx, organizationId: string, rows: CheckedScheduleRow[]) {
  const emails = [...new Set(rows.flatMap((row) => (row.assignee ? [row.assignee] : [])))];
  if (emails.length === 0) return new Map<string, string>();
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.isActive, true),
        inArray(sql`lower(${users.email})`, emails),
      ),
    );
  return new Map(found.map((user) => [user.email.toLowerCase(), user.id]));
}

/** The meters of the rows' assets that usage triggers name, by asset id and lower-cased name. */
async function metersOf(
  db: DbOrTx,
  organizationId: string,
  rows: CheckedScheduleRow[],
  assets: Map<string, { id: string }>,
) {
  const assetIds = new Set<string>();
  for (const row of rows) {
    const asset = row.meter ? assets.get(row.slug) : undefined;
    if (asset) assetIds.add(asset.id);
  }
  const found = await metersOfAssets(db, organizationId, [...assetIds]);
  const byName = new Map(found.map((meter) => [`${meter.assetId}\n${meter.name.toLowerCase()}`, meter.id]));
  return (assetId: string, name: string) => byName.get(`${assetId}\n${name}`);
}

/**
 * Each row's schedule on its asset, or its problems beyond its cells: an asset the organization
 * does not have, or has retired; an assignee who is no active user of it; a meter its asset has not.
 */
async function resolveRows(db: DbOrTx, organizationId: string, plan: ImportPlan, rows: CheckedScheduleRow[]) {
  const slugs = [...new Set(rows.flatMap((row) => (row.slug ? [row.slug] : [])))];
  const assets = new Map((await findAssetsBySlugs(db, organizationId, slugs)).map((a) => [a.slug, a]));
  const assignees = await assigneesOf(db, organizationId, rows);
  const meterOf = await metersOf(db, organizationId, rows, assets);
  const header = (target: TImportBuiltInTarget) => {
    const column = plan.columns[target];
    return column === undefined ? IMPORT_TARGET_LABELS[target] : (plan.headers[column] ?? '');
  };
  return rows.map((row) => {
    const problems = [...row.problems];
    const asset = row.slug ? assets.get(row.slug) : undefined;
    if (row.slug && !asset) problems.push(rowProblem(header('asset'), IMPORT_MESSAGES.assetNotFound));
    else if (asset?.retiredAt) problems.push(rowProblem(header('asset'), SCHEDULE_MESSAGES.assetRetired));
    const assigneeId = row.assignee ? assignees.get(row.assignee) : null;
    if (assigneeId === undefined) {
      problems.push(rowProblem(header('assignee'), SCHEDULE_MESSAGES.unknownAssignee));
    }
    const meterId = asset && !asset.retiredAt && row.meter ? meterOf(asset.id, row.meter) : undefined;
    if (asset && !asset.retiredAt && row.meter && !meterId) {
      problems.push(rowProblem(header('meter'), IMPORT_MESSAGES.meterNotFound));
    }
    const input = row.schedule?.input;
    const schedule =
      problems.length === 0 && row.schedule && input && asset
        ? {
            ...row.schedule,
            input: {
              ...input,
              assigneeId: assigneeId ?? null,
              usage: input.usage && meterId ? { ...input.usage, meterId } : null,
            },
            assetId: asset.id,
          }
        : undefined;
    return { rowNumber: row.rowNumber, problems, schedule };
  });
}

const checkedRows = (plan: ImportPlan, rows: StoredRow[]) =>
  rows.map((r) => checkScheduleRow(plan, r.sheetRow, r.cells));

/**
 * An import of schedules (ADR 095): each row creates a schedule on an existing asset of the
 * organization in service (by its slug), as the schedule form would, due next on the file's Next due
 * date (else its first), paused when the file says so, assigned to an active user by email.
 */
export const scheduleImport: ImportKindRules = {
  startCheck(db, organizationId, plan) {
    return async (rows) => {
      const resolved = await resolveRows(db, organizationId, plan, checkedRows(plan, rows));
      const problems = resolved.flatMap((row) =>
        row.problems.map((problem) => ({ ...problem, rowNumber: row.rowNumber })),
      );
      return { problems };
    };
  },
  commitChunk(db, run, plan, actor, rows, now) {
    const organizationId = run.organizationId;
    return db.transaction(async (tx) => {
      const checked = checkedRows(plan, rows);
      // Their assets stay as they are (not retired) until the schedules are in, as for a save.
      const slugs = [...new Set(checked.map((row) => row.slug))];
      const found = await findAssetsBySlugs(tx, organizationId, slugs);
      await lockAssets(
        tx,
        organizationId,
        found.map((asset) => asset.id),
      );
      const resolved = await resolveRows(tx, organizationId, plan, checked);
      const broken = resolved.find((row) => row.problems.length > 0 || !row.schedule);
      if (broken) throw rowStopped(broken.rowNumber, broken.problems[0]);
      await insertImportedSchedules(
        tx,
        {
          organizationId,
          actor,
          timeZone: await findTimeZone(tx, organizationId),
          now,
          fileName: run.fileName,
        },
        resolved.map((row) => row.schedule!),
      );
      return updateImportRun(tx, organizationId, run.id, ['Importing'], {
        rowsDone: rows.at(-1)?.rowNumber ?? run.rowsDone,
        createdCount: run.createdCount + resolved.length,
      });
    });
  },
};
