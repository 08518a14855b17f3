/** react-query keys of the task lists: the pending tasks of the dashboard, page by page. */
export const taskKeys = {
  all: ['tasks'] as const,
  /** Every page of the pending tasks: invalidating it reloads whichever is on screen. */
  pending: () => [...taskKeys.all, 'pending'] as const,
  pendingPage: (page: number) => [...taskKeys.pending(), { page }] as const,
};
