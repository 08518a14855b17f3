import {
  type TAcceptRequestBody,
  type TCloseRequestBody,
  type TRequestDetail,
  type TRequestPage,
  type TRequestStateFilter,
  type TRequestUrgency,
  type TRequestWaitingCount,
  ZAcceptRequestResult,
  ZRequestDetail,
  ZRequestPage,
  ZRequestResult,
  ZRequestWaitingCount,
} from '@mqr/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { assetKeys } from '#web/features/assets/index.ts';
import { apiRequest, apiSend } from '#web/lib/api-client.ts';
import { fetchSlots } from '../lib/fetch-slots.ts';

/** The list's filters: a state (or open), an urgency, a search of the text, the asset's name and the reporter. */
export type TRequestFilters = {
  state: TRequestStateFilter;
  urgency: TRequestUrgency | '';
  q: string;
};

export const requestKeys = {
  all: ['requests'] as const,
  list: (filters: TRequestFilters) => ['requests', 'list', filters] as const,
  detail: (id: string) => ['requests', 'detail', id] as const,
  waiting: () => ['requests', 'waiting-count'] as const,
  photo: (url: string) => ['requests', 'photo', url] as const,
  mergeTasks: (assetId: string, q: string) => ['requests', 'merge-tasks', assetId, q] as const,
};

/** How many requests a page of the list asks for. */
export const REQUESTS_PAGE_SIZE = 25;

/** GET /api/requests: a page after `cursor`, unsafe first then newest. */
export async function getRequests(
  filters: TRequestFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TRequestPage> {
  const data = await apiRequest('/api/requests', {
    query: {
      state: filters.state,
      urgency: filters.urgency,
      q: filters.q.trim(),
      cursor,
      limit: REQUESTS_PAGE_SIZE,
    },
    ...(signal ? { signal } : {}),
  });
  return ZRequestPage.parse(data);
}

/** The list's pages: the first, then one per "Show more". */
export function useRequests(filters: TRequestFilters) {
  return useInfiniteQuery({
    queryKey: requestKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getRequests(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** GET /api/requests/waiting-count: the navigation's badge, asked again every minute. */
export function useWaitingCount(enabled: boolean) {
  return useQuery({
    queryKey: requestKeys.waiting(),
    queryFn: async ({ signal }): Promise<TRequestWaitingCount> =>
      ZRequestWaitingCount.parse(await apiRequest('/api/requests/waiting-count', { signal })),
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

export async function getRequest(id: string, signal?: AbortSignal): Promise<TRequestDetail> {
  return ZRequestDetail.parse(await apiRequest(`/api/requests/${encodeURIComponent(id)}`, { signal }));
}

export function useRequest(id: string) {
  return useQuery({ queryKey: requestKeys.detail(id), queryFn: ({ signal }) => getRequest(id, signal) });
}

/** Where a request's photo is read (staff only). */
export const photoUrlOf = (requestId: string, photoId: string) =>
  `/api/requests/${encodeURIComponent(requestId)}/photos/${encodeURIComponent(photoId)}`;

/** Photo downloads at once: the list's thumbnails take turns. */
const photoFetches = fetchSlots(4);

/**
 * A request's photo as an object URL (staff only: it needs the bearer token, so an <img src> cannot
 * load it directly), fetched once `enabled` (a thumbnail near the screen); revoked when it changes
 * or goes away.
 */
export function usePhotoUrl(url: string, enabled = true): string | null {
  const query = useQuery({
    queryKey: requestKeys.photo(url),
    queryFn: ({ signal }) => photoFetches(async () => (await apiSend(url, { signal })).blob()),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const made = URL.createObjectURL(query.data);
    setObjectUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [query.data]);
  return objectUrl;
}

/** After a triage: the request, the list, the badge and the asset (its new task) are read again. */
function useTriageDone(assetId: string) {
  const client = useQueryClient();
  return (request: TRequestDetail) => {
    client.setQueryData(requestKeys.detail(request.id), request);
    void client.invalidateQueries({ queryKey: ['requests', 'list'] });
    void client.invalidateQueries({ queryKey: requestKeys.waiting() });
    void client.invalidateQueries({ queryKey: assetKeys.detail(assetId) });
  };
}

/** POST /api/requests/{id}/accept: a Pending task on the asset. */
export function useAcceptRequest(request: TRequestDetail) {
  const done = useTriageDone(request.asset.id);
  return useMutation({
    // One key per dialog: a repeat after a cut answers the same task, never a second one.
    mutationFn: async ({ body, key }: { body: TAcceptRequestBody; key: string }) =>
      ZAcceptRequestResult.parse(
        await apiRequest(`/api/requests/${encodeURIComponent(request.id)}/accept`, {
          method: 'POST',
          body,
          idempotencyKey: key,
        }),
      ),
    onSuccess: (result) => done(result.request),
  });
}

/** POST /api/requests/{id}/merge: into an open task. */
export function useMergeRequest(request: TRequestDetail) {
  const done = useTriageDone(request.asset.id);
  return useMutation({
    mutationFn: async (taskId: string) =>
      ZRequestResult.parse(
        await apiRequest(`/api/requests/${encodeURIComponent(request.id)}/merge`, {
          method: 'POST',
          body: { taskId },
        }),
      ),
    onSuccess: (result) => done(result.request),
  });
}

/** POST /api/requests/{id}/close: with a reason (and, for spam, blocking the sender). */
export function useCloseRequest(request: TRequestDetail) {
  const done = useTriageDone(request.asset.id);
  return useMutation({
    mutationFn: async (body: TCloseRequestBody) =>
      ZRequestResult.parse(
        await apiRequest(`/api/requests/${encodeURIComponent(request.id)}/close`, { method: 'POST', body }),
      ),
    onSuccess: (result) => done(result.request),
  });
}
