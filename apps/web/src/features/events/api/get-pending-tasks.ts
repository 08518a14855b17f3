import { type TPendingTask, type TTaskDueFilter, ZPendingTask } from '@mqr/contracts';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';

/**
 * GET /api/tasks/pending?page=&pageSize=&due=&assignee=: Pending and InProgress events by due date
 * (tasks without one after, oldest performedAt first), overdue or due soon, assigned to the caller.
 */
export async function getPendingTasks(
  query: { page?: number; pageSize?: number; due?: TTaskDueFilter | undefined; assignee?: 'me' | undefined },
  signal?: AbortSignal,
): Promise<TPage<TPendingTask>> {
  const response = await apiSend('/api/tasks/pending', {
    query: { page: query.page, pageSize: query.pageSize, due: query.due, assignee: query.assignee },
    ...(signal ? { signal } : {}),
  });
  return toPage(response, ZPendingTask.array().parse(await response.json()), query);
}
