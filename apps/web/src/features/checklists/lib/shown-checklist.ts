import type {
  TAsset,
  TChecklistResponse,
  TChecklistSummary,
  TEventChecklist,
  TPendingTask,
  TTaskChecklist,
} from '@mqr/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { assetKeys } from '#web/features/assets/index.ts';
import { taskKeys } from '#web/features/events/index.ts';
import type { TPage } from '#web/lib/paged-response.ts';
import { checklistKeys } from '../api/checklist-keys.ts';
import { summarize } from './step-values.ts';

/** A task (on its asset's page, or in the pending list) with its checklist's summary replaced. */
const withSummary = <T extends { checklist: TEventChecklist | null }>(
  task: T,
  summary: TChecklistSummary,
): T => (task.checklist ? { ...task, checklist: { ...task.checklist, summary } } : task);

/**
 * Shows a task's checklist with one step's response changed (a new answer, the server's answer, or
 * none: cleared) wherever it is kept: the checklist itself, and its summary on the asset's page and
 * in the pending list. Not a read: the kept copies still say when the server was last read (ADR 090,
 * 127).
 */
export function showResponse(
  queryClient: QueryClient,
  eventId: string,
  stepKey: string,
  response: TChecklistResponse | null,
): void {
  const key = checklistKeys.task(eventId);
  const before = queryClient.getQueryData<TTaskChecklist>(key);
  if (!before) return;
  const responses = before.responses.filter((entry) => entry.stepKey !== stepKey);
  if (response) responses.push(response);
  const summary = summarize(before.steps, responses);
  const notARead = (queryKey: readonly unknown[]) => ({
    updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt,
  });
  queryClient.setQueryData<TTaskChecklist>(key, { ...before, responses, summary }, notARead(key));
  const assetKey = assetKeys.detail(before.assetId);
  queryClient.setQueryData<TAsset>(
    assetKey,
    (asset) =>
      asset && {
        ...asset,
        events: asset.events.map((event) => (event.id === eventId ? withSummary(event, summary) : event)),
      },
    notARead(assetKey),
  );
  for (const [pageKey, page] of queryClient.getQueriesData<TPage<TPendingTask>>({
    queryKey: taskKeys.pending(),
  })) {
    if (!page?.items.some((task) => task.eventId === eventId)) continue;
    queryClient.setQueryData<TPage<TPendingTask>>(
      pageKey,
      {
        ...page,
        items: page.items.map((task) => (task.eventId === eventId ? withSummary(task, summary) : task)),
      },
      notARead(pageKey),
    );
  }
}
