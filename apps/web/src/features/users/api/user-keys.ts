/** react-query keys of the users screen. */
export const userKeys = {
  all: ['admin-users'] as const,
  list: (page: number) => [...userKeys.all, 'list', { page }] as const,
};
