import type { TAsset, TMaintenanceEvent, TPendingTask, TTaskStatus } from '@mqr/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { assetKeys } from '#web/features/assets/index.ts';
import type { TPage } from '#web/lib/paged-response.ts';
import { taskKeys } from '../api/task-keys.ts';

/**
 * What the screens show of a task and keep on the device (the query cache, ADR 090): its asset's page
 * and the pending tasks' pages. A task action done offline shows at once, as it will be once sent;
 * what the server answers replaces it; an action discarded before it was sent is undone.
 */
export type TTaskStamps = Pick<
  TMaintenanceEvent,
  'taskStatus' | 'taskStartedAt' | 'taskStartedBy' | 'taskCompletedAt' | 'taskCompletedBy'
>;

export type TTaskAction = 'start' | 'complete';

/** The stamps a task gets from `action`, done at `at` by `by`, from the status it had. */
export function stampsAfter(
  action: TTaskAction,
  from: TTaskStatus,
  at: string,
  by: string,
): Partial<TTaskStamps> {
  const started = { taskStartedAt: at, taskStartedBy: by };
  if (action === 'start') return { taskStatus: 'InProgress', ...started };
  return {
    taskStatus: 'Completed',
    // Completing a Pending task starts it too (docs/product/events-and-tasks.md#task-transitions).
    ...(from === 'Pending' ? started : {}),
    taskCompletedAt: at,
    taskCompletedBy: by,
  };
}

/** The stamps that undo `action` (stampsAfter's), back to the status the task had. */
export function stampsBefore(action: TTaskAction, from: TTaskStatus): Partial<TTaskStamps> {
  const notStarted = { taskStartedAt: null, taskStartedBy: null };
  const notCompleted = { taskCompletedAt: null, taskCompletedBy: null };
  if (action === 'start' || from === 'Pending') return { taskStatus: from, ...notStarted, ...notCompleted };
  return { taskStatus: from, ...notCompleted };
}

const stampsOf = (event: TMaintenanceEvent): TTaskStamps => ({
  taskStatus: event.taskStatus,
  taskStartedAt: event.taskStartedAt,
  taskStartedBy: event.taskStartedBy,
  taskCompletedAt: event.taskCompletedAt,
  taskCompletedBy: event.taskCompletedBy,
});

/** Shows new stamps of a task wherever it is kept: its asset's page and the pending tasks' pages. */
export function showTaskStamps(
  queryClient: QueryClient,
  task: { assetId: string; eventId: string },
  stamps: Partial<TTaskStamps>,
): void {
  const key = assetKeys.detail(task.assetId);
  queryClient.setQueryData<TAsset>(
    key,
    (asset) =>
      asset?.events.some((event) => event.id === task.eventId)
        ? {
            ...asset,
            events: asset.events.map((event) =>
              event.id === task.eventId ? { ...event, ...stamps } : event,
            ),
          }
        : asset,
    // Not a read: the page still says when the server was last read (ADR 127's "last seen at").
    { updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt },
  );
  queryClient.setQueriesData<TPage<TPendingTask>>({ queryKey: taskKeys.pending() }, (page) =>
    page?.items.some((item) => item.eventId === task.eventId)
      ? {
          ...page,
          items: page.items.map((item) => (item.eventId === task.eventId ? { ...item, ...stamps } : item)),
        }
      : page,
  );
}

const newestFirst = (a: TMaintenanceEvent, b: TMaintenanceEvent) =>
  Date.parse(b.performedAt) - Date.parse(a.performedAt);

/** Shows an event as the server saved it: on its asset's page (a new one joins it), and its task's stamps. */
export function showSavedEvent(queryClient: QueryClient, assetId: string, saved: TMaintenanceEvent): void {
  queryClient.setQueryData<TAsset>(assetKeys.detail(assetId), (asset) => {
    if (!asset) return asset;
    const known = asset.events.some((event) => event.id === saved.id);
    return {
      ...asset,
      events: known
        ? asset.events.map((event) => (event.id === saved.id ? saved : event))
        : [...asset.events, saved].sort(newestFirst),
      eventCount: known ? asset.eventCount : asset.eventCount + 1,
    };
  });
  showTaskStamps(queryClient, { assetId, eventId: saved.id }, stampsOf(saved));
}
