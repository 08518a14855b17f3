import { type TPendingTask, ZPendingTask } from '@mqr/contracts';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';

/** GET /api/tasks/pending?page=&pageSize=: Pending and InProgress events, oldest performedAt first. */
export async function getPendingTasks(
  query: { page?: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<TPage<TPendingTask>> {
  const response = await apiSend('/api/tasks/pending', {
    query: { page: query.page, pageSize: query.pageSize },
    ...(signal ? { signal } : {}),
  });
  return toPage(response, ZPendingTask.array().parse(await response.json()), query);
}
