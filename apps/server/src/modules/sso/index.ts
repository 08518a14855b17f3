// What other modules and the route table may use of the sso module (ADR 102): they import it from here only.
export { ssoRoutes, ssoSettingsRoutes } from './routes.ts';
export { assertPasswordSignInAllowed } from './service.ts';
