// What other modules and the route table may use of the imports module (ADR 102): they import it from here only.
export { importRoutes } from './routes.ts';
export { findAssetsCreatedBy } from './service.ts';
