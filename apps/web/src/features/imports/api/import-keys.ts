/** react-query keys of the import screens. */
export const importKeys = {
  all: ['imports'] as const,
  list: () => [...importKeys.all, 'list'] as const,
  detail: (id: string) => [...importKeys.all, 'detail', id] as const,
  /** One page of the problems of one check (`checkedAt`: the import's updatedAt when it was checked). */
  problems: (id: string, checkedAt: string, page: number) =>
    [...importKeys.detail(id), 'problems', checkedAt, page] as const,
};
