import type { TCalendarAssignee } from '@mqr/contracts';

/** react-query keys of the calendar: its days, its agenda, the overdue tasks, the assignee list and the user's feed. */
export const calendarKeys = {
  all: ['calendar'] as const,
  days: (range: { from: string; to: string }, assignee: TCalendarAssignee, perDay: number) =>
    [...calendarKeys.all, 'days', { ...range, assignee, perDay }] as const,
  agenda: (range: { from: string; to: string }, assignee: TCalendarAssignee) =>
    [...calendarKeys.all, 'agenda', { ...range, assignee }] as const,
  overdue: (assignee: TCalendarAssignee) => [...calendarKeys.all, 'overdue', { assignee }] as const,
  assignees: () => [...calendarKeys.all, 'assignees'] as const,
  feed: () => [...calendarKeys.all, 'feed'] as const,
};
