import {
  DEFAULT_LANGUAGE,
  priorityOfRank,
  SCHEDULE_CSV_COLUMNS,
  SCHEDULE_MODE_LABELS,
  type TLanguage,
  ZRecurrence,
} from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { csvHeaders } from '#server/lib/i18n/csv-headers.ts';
import { EXPORT_BATCH_SIZE } from '#server/lib/send-csv.ts';
import { spreadsheetSafe } from '#server/lib/spreadsheet-safe.ts';
import { findScheduleBatch } from './queries.ts';

/** A word as the export writes it: "High", "First" (the import reads any case). */
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The organization's schedules, in batches, every cell spreadsheet-safe: the columns the import of
 * schedules reads back (ADR 095), the recurrence as the API writes it, the priority of its tasks, and
 * its usage trigger: the meter's name, the use between two services (a plain number), and with a
 * calendar backstop whichever comes first or last.
 */
export async function* scheduleCsvRows(
  db: DbOrTx,
  organizationId: string,
  batchSize = EXPORT_BATCH_SIZE,
  language: TLanguage = DEFAULT_LANGUAGE,
): AsyncGenerator<string[]> {
  yield csvHeaders(SCHEDULE_CSV_COLUMNS, language);
  let after: string | undefined;
  for (;;) {
    const batch = await findScheduleBatch(db, organizationId, after, batchSize);
    if (batch.length === 0) return;
    for (const schedule of batch) {
      yield [
        schedule.assetSlug,
        schedule.assetName,
        schedule.title,
        schedule.notes ?? '',
        // In the API's order of keys (the database's JSON keeps its own).
        schedule.recurrence ? JSON.stringify(ZRecurrence.parse(schedule.recurrence)) : '',
        SCHEDULE_MODE_LABELS[schedule.mode],
        String(schedule.leadDays),
        schedule.startsOn,
        schedule.endsOn ?? '',
        schedule.nextDueOn ?? '',
        schedule.assigneeEmail ?? '',
        schedule.pausedAt ? 'Paused' : 'Active',
        capitalized(priorityOfRank(schedule.priority)),
        schedule.meterName ?? '',
        schedule.usageEvery === null ? '' : String(schedule.usageEvery),
        schedule.usageCombine === null ? '' : capitalized(schedule.usageCombine),
      ].map(spreadsheetSafe);
    }
    after = batch.at(-1)?.id;
  }
}
