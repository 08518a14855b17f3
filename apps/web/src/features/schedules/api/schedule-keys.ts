import { useQueryClient } from '@tanstack/react-query';

/** react-query keys of the schedules: an asset's, page by page, and the people tasks can be assigned to. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  /** Every asset's schedules. */
  ofAssets: () => [...scheduleKeys.all, 'asset'] as const,
  ofAsset: (assetId: string) => [...scheduleKeys.ofAssets(), assetId] as const,
  ofAssetPage: (assetId: string, page: number) => [...scheduleKeys.ofAsset(assetId), { page }] as const,
  assignees: () => [...scheduleKeys.all, 'assignees'] as const,
};

/**
 * A change to schedules reloads them, then what else it changed (`onChanged`: the asset's next
 * service due and its new tasks, the asset list).
 */
export function useReloadSchedules(onChanged: (() => void) | undefined) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    onChanged?.();
  };
}
