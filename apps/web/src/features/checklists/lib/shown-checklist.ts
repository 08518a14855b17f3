import type { TAsset, TChecklistResponse, TTaskChecklist } from '@mqr/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { assetKeys } from '#web/features/assets/index.ts';
import { checklistKeys } from '../api/checklist-keys.ts';
import { summarize } from './step-values.ts';

/**
 * Shows a task's checklist with one step's response changed (a new answer, the server's answer, or
 * none: cleared) wherever it is kept: the checklist itself and its summary on the asset's page. Not
 * a read: the kept copies still say when the server was last read (ADR 090, 127).
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
  queryClient.setQueryData<TTaskChecklist>(
    key,
    { ...before, responses, summary },
    { updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt },
  );
  const assetKey = assetKeys.detail(before.assetId);
  queryClient.setQueryData<TAsset>(
    assetKey,
    (asset) =>
      asset && {
        ...asset,
        events: asset.events.map((event) =>
          event.id === eventId && event.checklist
            ? { ...event, checklist: { ...event.checklist, summary } }
            : event,
        ),
      },
    { updatedAt: queryClient.getQueryState(assetKey)?.dataUpdatedAt },
  );
}
