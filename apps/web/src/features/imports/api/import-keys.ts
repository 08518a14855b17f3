/** react-query keys of the import screens. */
export const importKeys = {
  all: ['imports'] as const,
  list: () => [...importKeys.all, 'list'] as const,
  detail: (id: string) => [...importKeys.all, 'detail', id] as const,
  /** One page of the problems of one check (`checkedAt`: the import's updatedAt when it was checked). */
  problems: (id: string, checkedAt: string, page: number, kind: 'problems' | 'warnings' = 'problems') =>
    [...importKeys.detail(id), kind, checkedAt, page] as const,
  /** What undoing the import would do. */
  undo: (id: string) => [...importKeys.detail(id), 'undo'] as const,
};
