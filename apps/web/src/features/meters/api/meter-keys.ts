import { useQueryClient } from '@tanstack/react-query';

/** react-query keys of the meters: an asset's (with their charts), a scanned asset's, a meter's readings. */
export const meterKeys = {
  all: ['meters'] as const,
  /** Every asset's meters (kept offline with the asset pages). */
  ofAssets: () => [...meterKeys.all, 'asset'] as const,
  ofAsset: (assetId: string) => [...meterKeys.ofAssets(), assetId] as const,
  ofSlug: (slug: string) => [...meterKeys.all, 'slug', slug] as const,
  readings: (meterId: string) => [...meterKeys.all, 'readings', meterId] as const,
  readingsPage: (meterId: string, page: number) => [...meterKeys.readings(meterId), { page }] as const,
};

/**
 * After a reading or a meter change: the meters and their readings reload, and what the change may
 * have made (a usage schedule's task, the schedules' projections: `onChanged`).
 */
export function useReloadMeters(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: meterKeys.all });
    onChanged?.();
  };
}
