// What other modules and the route table may use of the api-tokens module (ADR 102): they import it from here only.
export { apiTokenAdminRoutes, apiTokenRoutes } from './routes.ts';
export { revokeAllApiTokensOf } from './service.ts';
