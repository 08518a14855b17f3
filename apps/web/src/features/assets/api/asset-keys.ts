/** react-query keys of the staff asset screens. */
export const assetKeys = {
  all: ['assets'] as const,
  list: (search: string, page: number) => [...assetKeys.all, 'list', { search, page }] as const,
  detail: (id: string) => [...assetKeys.all, 'detail', id] as const,
  qr: (url: string) => [...assetKeys.all, 'qr', url] as const,
};
