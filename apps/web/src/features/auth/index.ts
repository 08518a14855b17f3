/**
 * What the auth feature offers the other features (ADR 022): the query keys of the signed-in user
 * and of their organization, which a profile, user or organization change seeds or reloads.
 */
export { currentUserKey, currentUserPrefix } from './api/get-current-user.ts';
export { organizationPrefix } from './api/get-organization.ts';
