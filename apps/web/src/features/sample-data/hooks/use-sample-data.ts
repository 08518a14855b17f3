import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isAdminUser, useAuth } from '#web/lib/auth-store.ts';
import { addSampleData, getSampleDataStatus, removeSampleData, sampleDataKey } from '../api/sample-data.ts';

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
