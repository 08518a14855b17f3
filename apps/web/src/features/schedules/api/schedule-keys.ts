/** react-query keys of the schedules: an asset's, page by page, and the people tasks can be assigned to. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  /** Every asset's schedules. */
  ofAssets: () => [...scheduleKeys.all, 'asset'] as const,
  ofAsset: (assetId: string) => [...scheduleKeys.ofAssets(), assetId] as const,
  ofAssetPage: (assetId: string, page: number) => [...scheduleKeys.ofAsset(assetId), { page }] as const,
  assignees: () => [...scheduleKeys.all, 'assignees'] as const,
};
