/** react-query keys of the organizations screen (and the organization select of the users screen). */
export const organizationKeys = {
  all: ['admin-organizations'] as const,
  list: (page: number, pageSize: number) => [...organizationKeys.all, 'list', { page, pageSize }] as const,
};
