import { useLingui } from '@lingui/react';
import type { TMaintenanceEvent } from '@mqr/contracts';
import { formatDateTime, formatNumber } from '#web/lib/dates.ts';
import { formatMinutes, formatMoney } from '#web/lib/money.ts';
import { WORK_TEXTS } from '../texts.ts';
import styles from './event-details.module.css';

type TWorkSource = Pick<TMaintenanceEvent, 'downFrom' | 'downTo'> &
  Partial<Pick<TMaintenanceEvent, 'timeSpent' | 'costs' | 'costTotalMinor' | 'currency'>>;

/** The asset's downtime for a task, in words: "Asset down since …" or "Asset down … – …"; null without one. */
export function downtimeText(
  _: (message: ReturnType<typeof WORK_TEXTS.downSince>) => string,
  work: Pick<TMaintenanceEvent, 'downFrom' | 'downTo'>,
) {
  if (!work.downFrom) return null;
  return work.downTo
    ? _(WORK_TEXTS.downBetween(formatDateTime(work.downFrom), formatDateTime(work.downTo)))
    : _(WORK_TEXTS.downSince(formatDateTime(work.downFrom)));
}

/**
 * What a task's work was (docs/product/events-and-tasks.md#work-and-costs): its downtime, each
 * person's time, and the cost lines with their total in the organization's currency.
 */
export function TaskWorkSummary({ work }: { work: TWorkSource }) {
  const { _ } = useLingui();
  const currency = work.currency ?? 'EUR';
  const lines = [
    downtimeText(_, work),
    ...(work.timeSpent ?? []).map((entry) =>
      _(WORK_TEXTS.spent(entry.userName ?? '—', formatMinutes(entry.minutes))),
    ),
    ...(work.costs ?? []).map((line) =>
      _(
        WORK_TEXTS.costLine(
          line.description,
          formatNumber(line.quantity),
          formatMoney(line.unitCostMinor, currency),
          formatMoney(line.totalMinor, currency),
        ),
      ),
    ),
    (work.costs ?? []).length > 1
      ? _(WORK_TEXTS.total(formatMoney(work.costTotalMinor ?? 0, currency)))
      : null,
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) return null;
  return (
    <ul className={styles.stamps} data-testid="task-work">
      {lines.map((line, index) => (
        // Lines may repeat (two identical cost lines): their place tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list, rendered once per event
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}
