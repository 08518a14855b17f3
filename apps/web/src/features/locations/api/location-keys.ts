import { useQueryClient } from '@tanstack/react-query';

/** react-query keys of the location screens. */
export const locationKeys = {
  all: ['locations'] as const,
  /** One level of the tree: the locations right below `parentId` (null: the sites). */
  /** Every level of the tree read. */
  levels: () => [...locationKeys.all, 'children'] as const,
  children: (parentId: string | null) => [...locationKeys.levels(), parentId ?? ''] as const,
  detail: (id: string) => [...locationKeys.all, 'detail', id] as const,
  /** Every type-ahead answer. */
  searches: () => [...locationKeys.all, 'search'] as const,
  search: (text: string) => [...locationKeys.searches(), text] as const,
};

/**
 * Everything cached reloads after a location is renamed, moved or deleted: the paths and rolled-up
 * counts of other locations change, and so do the paths every asset list and asset page shows (only
 * the queries on screen are read again at once; the others when next shown).
 */
export function useReloadAfterLocationChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}
