// No zod here: the public page's bundle reads these without the schemas (ADR 032).

export const TASK_STATUSES = ['Pending', 'InProgress', 'Completed'] as const;
export type TTaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TTaskStatus, string> = {
  Pending: 'Pending',
  InProgress: 'In progress',
  Completed: 'Completed',
};
