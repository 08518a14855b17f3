import {
  type TSampleDataAdded,
  type TSampleDataRemoved,
  type TSampleDataStatus,
  ZSampleDataAdded,
  ZSampleDataRemoved,
  ZSampleDataStatus,
} from '@mqr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { isAdminUser, useAuth } from '#web/lib/auth-store.ts';

const PATH = '/api/admin/sample-data';

/** react-query key of the organization's sample data status. */
export const sampleDataKey = ['sample-data'] as const;

/** GET /api/admin/sample-data (administrators). */
export async function getSampleDataStatus(signal?: AbortSignal): Promise<TSampleDataStatus> {
  return ZSampleDataStatus.parse(await apiRequest(PATH, signal ? { signal } : {}));
}

/** POST /api/admin/sample-data: adds the sample site (nothing while one is there). */
export async function addSampleData(): Promise<TSampleDataAdded> {
  return ZSampleDataAdded.parse(await apiRequest(PATH, { method: 'POST', body: {} }));
}

/** DELETE /api/admin/sample-data: removes it, keeping what people changed. */
export async function removeSampleData(): Promise<TSampleDataRemoved> {
  return ZSampleDataRemoved.parse(await apiRequest(PATH, { method: 'DELETE', body: {} }));
}

/** The organization's sample data status, asked for administrators only (members never see it). */
export function useSampleDataStatus() {
  const isAdmin = isAdminUser(useAuth());
  return useQuery({
    queryKey: sampleDataKey,
    queryFn: ({ signal }) => getSampleDataStatus(signal),
    enabled: isAdmin,
  });
}

/** Adding or removing the sample changes every list and figure: everything loads again. */
function useReloadEverything() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useAddSampleData() {
  return useMutation({ mutationFn: addSampleData, onSuccess: useReloadEverything() });
}

export function useRemoveSampleData() {
  return useMutation({ mutationFn: removeSampleData, onSuccess: useReloadEverything() });
}
