import type { TAgenda, TCalendarDay, TCalendarDays, TCalendarItem } from '@mqr/contracts';

let next = 0;

/** A calendar item: a pending task due on `date` unless overridden. */
export function calendarItem(overrides: Partial<TCalendarItem> = {}): TCalendarItem {
  next += 1;
  const id = `00000000-0000-7000-8000-${String(next).padStart(12, '0')}`;
  return {
    kind: 'task',
    key: id,
    date: '2026-03-10',
    title: 'Monthly inspection',
    assetId: `asset-${next}`,
    assetName: `Pump ${next}`,
    assetSlug: `pump-${next}`,
    assigneeId: null,
    assigneeName: null,
    scheduleId: 'schedule-1',
    eventId: id,
    taskStatus: 'Pending',
    priority: 'normal',
    dueState: 'none',
    ...overrides,
  };
}

export function calendarDay(date: string, items: TCalendarItem[], total = items.length): TCalendarDay {
  return { date, total, items: items.map((item) => ({ ...item, date })) };
}

export function calendarDays(
  days: TCalendarDay[],
  range: { from: string; to: string },
  today: string,
): TCalendarDays {
  return { today, ...range, days };
}

export function agendaPage(items: TCalendarItem[], nextAfter: string | null, today = '2026-03-02'): TAgenda {
  return { today, items, nextAfter };
}
