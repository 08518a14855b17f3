/** react-query keys of the organizations screen (and the organization select of the users screen). */
export const organizationKeys = {
  all: ['admin-organizations'] as const,
  list: (page: number, pageSize: number) => [...organizationKeys.all, 'list', { page, pageSize }] as const,
};

/** Prefix of the header's organization query (features/auth organizationKey): refetch it after changing your own. */
export const headerOrganizationKey = ['auth', 'organization'] as const;
