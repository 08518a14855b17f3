import { TASK_DUE_FILTERS, type TTaskDueFilter } from '@mqr/contracts';
/**
 * The pending list's filters (docs/product/dashboard.md#pending-maintenance-tasks), kept in the
 * dashboard's URL (`?due=overdue|soon&assignee=me`) so that a card, a link or Back leads to them.
 */
export type TTaskFilters = { due: TTaskDueFilter | undefined; mine: boolean };

export const NO_TASK_FILTERS: TTaskFilters = { due: undefined, mine: false };

export function taskFiltersOf(params: URLSearchParams): TTaskFilters {
  const due = params.get('due');
  return {
    due: (TASK_DUE_FILTERS as readonly string[]).includes(due ?? '') ? (due as TTaskDueFilter) : undefined,
    mine: params.get('assignee') === 'me',
  };
}

/** The URL's parameters with these filters (the others kept). */
export function withTaskFilters(params: URLSearchParams, filters: TTaskFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  if (filters.due) next.set('due', filters.due);
  else next.delete('due');
  if (filters.mine) next.set('assignee', 'me');
  else next.delete('assignee');
  return next;
}

/** The dashboard's address of the pending list with these filters, scrolled to it. */
export function pendingTasksPath(filters: Partial<TTaskFilters>): string {
  const query = withTaskFilters(new URLSearchParams(), { ...NO_TASK_FILTERS, ...filters }).toString();
  return `/dashboard${query ? `?${query}` : ''}#${PENDING_TASKS_ID}`;
}

/** The pending list's card id: the due cards link to it. */
export const PENDING_TASKS_ID = 'pending-tasks';
