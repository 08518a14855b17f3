import type { MessageDescriptor } from '@lingui/core';
import type { TCalendarItem } from '@mqr/contracts';
import { DUE_STATE_MESSAGES, TASK_STATUS_MESSAGES } from '#web/lib/texts.ts';
import { CALENDAR_TEXTS } from '../texts.ts';
/** How an item looks: its due state first, else done, planned or its task's status. */
export type TItemTone = 'overdue' | 'dueToday' | 'dueSoon' | 'completed' | 'planned' | 'open';

export function itemState(item: TCalendarItem): { tone: TItemTone; label: MessageDescriptor } {
  if (item.dueState !== 'none') return { tone: item.dueState, label: DUE_STATE_MESSAGES[item.dueState] };
  if (item.taskStatus === 'Completed') return { tone: 'completed', label: TASK_STATUS_MESSAGES.Completed };
  if (item.kind === 'planned') return { tone: 'planned', label: CALENDAR_TEXTS.planned };
  return { tone: 'open', label: TASK_STATUS_MESSAGES[item.taskStatus ?? 'Pending'] };
}

/** The legend of the markers, in the order of urgency. */
export const LEGEND: { tone: TItemTone; label: MessageDescriptor }[] = [
  { tone: 'overdue', label: DUE_STATE_MESSAGES.overdue },
  { tone: 'dueToday', label: DUE_STATE_MESSAGES.dueToday },
  { tone: 'dueSoon', label: DUE_STATE_MESSAGES.dueSoon },
  { tone: 'open', label: TASK_STATUS_MESSAGES.Pending },
  { tone: 'planned', label: CALENDAR_TEXTS.planned },
  { tone: 'completed', label: TASK_STATUS_MESSAGES.Completed },
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
