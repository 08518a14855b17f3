/**
 * What the auth feature offers the other features (ADR 022): the signed-in user's query, which a
 * profile change seeds with the saved values.
 */
export { currentUserKey } from './api/get-current-user.ts';
