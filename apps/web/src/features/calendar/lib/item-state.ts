import { TASK_STATUS_LABELS, type TCalendarItem } from '@mqr/contracts';
import { DUE_STATE_LABELS } from '#web/lib/texts.ts';
import { CALENDAR_TEXTS } from '../texts.ts';
/** How an item looks: its due state first, else done, planned or its task's status. */
export type TItemTone = 'overdue' | 'dueToday' | 'dueSoon' | 'completed' | 'planned' | 'open';

export function itemState(item: TCalendarItem): { tone: TItemTone; label: string } {
  if (item.dueState !== 'none') return { tone: item.dueState, label: DUE_STATE_LABELS[item.dueState] };
  if (item.taskStatus === 'Completed') return { tone: 'completed', label: TASK_STATUS_LABELS.Completed };
  if (item.kind === 'planned') return { tone: 'planned', label: CALENDAR_TEXTS.planned };
  return { tone: 'open', label: TASK_STATUS_LABELS[item.taskStatus ?? 'Pending'] };
}

/** The legend of the markers, in the order of urgency. */
export const LEGEND: { tone: TItemTone; label: string }[] = [
  { tone: 'overdue', label: DUE_STATE_LABELS.overdue },
  { tone: 'dueToday', label: DUE_STATE_LABELS.dueToday },
  { tone: 'dueSoon', label: DUE_STATE_LABELS.dueSoon },
  { tone: 'open', label: TASK_STATUS_LABELS.Pending },
  { tone: 'planned', label: CALENDAR_TEXTS.planned },
  { tone: 'completed', label: TASK_STATUS_LABELS.Completed },
];

export const assetPath = (item: Pick<TCalendarItem, 'assetId'>) =>
  `/assets/${encodeURIComponent(item.assetId)}`;

/** The most urgent state among items (a phone's month shows it beside a day's count). */
export function mostUrgent(items: readonly TCalendarItem[]): TItemTone {
  const order = LEGEND.map((entry) => entry.tone);
  return (
    items.map((item) => itemState(item).tone).sort((a, b) => order.indexOf(a) - order.indexOf(b))[0] ?? 'open'
  );
}
