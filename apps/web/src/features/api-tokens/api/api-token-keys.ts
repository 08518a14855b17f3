/** react-query keys of the API tokens: the user's own, and their organization's (administrators). */
export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  own: (page: number) => [...apiTokenKeys.all, 'own', { page }] as const,
  organization: (page: number) => [...apiTokenKeys.all, 'organization', { page }] as const,
};
