import type { TTaskFilters } from '../lib/task-filters.ts';

/** react-query keys of the task lists: the pending tasks of the dashboard, page by page, and the due counts. */
export const taskKeys = {
  all: ['tasks'] as const,
  /** Every page of the pending tasks: invalidating it reloads whichever is on screen. */
  pending: () => [...taskKeys.all, 'pending'] as const,
  pendingPage: (page: number, filters?: TTaskFilters) =>
    [...taskKeys.pending(), { page, ...(filters ?? {}) }] as const,
  /** The open tasks overdue and due in the next 7 days (members' dashboard cards). */
  dueCounts: () => [...taskKeys.all, 'due-counts'] as const,
};
