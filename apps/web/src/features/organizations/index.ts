/**
 * What the organizations feature offers the other features (ADR 022): the organizations, page by
 * page (the users screen's organization select, for super administrators).
 */
export { useOrganizations } from './api/get-organizations.ts';
export { useUpdateOrganizationSettings } from './api/update-organization-settings.ts';
