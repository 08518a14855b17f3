import type { MessageDescriptor } from '@lingui/core';
import { currencyDecimals, type TLanguage, type TWorkCsvTable } from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { translatorFor } from '#server/lib/i18n/translators.ts';
import { spreadsheetSafe } from '#server/lib/spreadsheet-safe.ts';
import { allAssetWork, type WorkAnalyticsRequest, workAnalytics } from './work-service.ts';

// The cost and downtime figures as CSV (ADR 131), one table per file, headers in the reader's
// language; money in major units of the currency with a dot (a spreadsheet's number), the currency
// named in the header.

const HEADERS = {
  asset: /*i18n*/ { id: 'workCsv.asset', message: 'Asset' },
  cost: /*i18n*/ { id: 'workCsv.cost', message: 'Cost ({currency})' },
  minutes: /*i18n*/ { id: 'workCsv.minutes', message: 'Time spent (minutes)' },
  failures: /*i18n*/ { id: 'workCsv.failures', message: 'Downtimes' },
  downtime: /*i18n*/ { id: 'workCsv.downtime', message: 'Downtime (minutes)' },
  mttr: /*i18n*/ { id: 'workCsv.mttr', message: 'MTTR (minutes)' },
  mtbf: /*i18n*/ { id: 'workCsv.mtbf', message: 'MTBF (hours)' },
  month: /*i18n*/ { id: 'workCsv.month', message: 'Month' },
  priority: /*i18n*/ { id: 'workCsv.priority', message: 'Priority' },
  week: /*i18n*/ { id: 'workCsv.week', message: 'Open up to 7 days' },
  monthAge: /*i18n*/ { id: 'workCsv.monthAge', message: 'Open 8 to 30 days' },
  quarter: /*i18n*/ { id: 'workCsv.quarter', message: 'Open 31 to 90 days' },
  older: /*i18n*/ { id: 'workCsv.older', message: 'Open over 90 days' },
} as const satisfies Record<string, MessageDescriptor>;

const PRIORITY_NAMES = {
  low: /*i18n*/ { id: 'priority.low', message: 'Low' },
  normal: /*i18n*/ { id: 'priority.normal', message: 'Normal' },
  high: /*i18n*/ { id: 'priority.high', message: 'High' },
  urgent: /*i18n*/ { id: 'priority.urgent', message: 'Urgent' },
} as const satisfies Record<string, MessageDescriptor>;

const text = (value: number | null) => (value === null ? '' : String(value));

/** The rows of one table of the figures, its header first. */
export async function* workCsvRows(
  db: DbOrTx,
  request: WorkAnalyticsRequest,
  table: TWorkCsvTable,
  language: TLanguage,
): AsyncGenerator<string[]> {
  const tr = translatorFor(language);
  const decimals = currencyDecimals(request.currency);
  const money = (minor: number) => (minor / 10 ** decimals).toFixed(decimals);
  const cost = tr.t(HEADERS.cost, { currency: request.currency });
  if (table === 'assets') {
    yield [
      HEADERS.asset,
      null,
      HEADERS.minutes,
      HEADERS.failures,
      HEADERS.downtime,
      HEADERS.mttr,
      HEADERS.mtbf,
    ].map((header) => (header ? tr.t(header) : cost));
    for await (const asset of allAssetWork(db, request)) {
      yield [
        spreadsheetSafe(asset.assetName),
        money(asset.costMinor),
        String(asset.minutes),
        String(asset.failures),
        String(asset.downtimeMinutes),
        text(asset.mttrMinutes),
        text(asset.mtbfHours),
      ];
    }
    return;
  }
  const figures = await workAnalytics(db, request);
  if (table === 'months') {
    yield [tr.t(HEADERS.month), cost, tr.t(HEADERS.minutes)];
    for (const month of figures.months) yield [month.month, money(month.costMinor), String(month.minutes)];
    return;
  }
  yield [HEADERS.priority, HEADERS.week, HEADERS.monthAge, HEADERS.quarter, HEADERS.older].map((h) =>
    tr.t(h),
  );
  for (const row of figures.backlog) {
    yield [tr.t(PRIORITY_NAMES[row.priority]), ...[row.week, row.month, row.quarter, row.older].map(String)];
  }
}
