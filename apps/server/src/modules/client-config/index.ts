// What other modules and the route table may use of the client-config module (ADR 102): they import it from here only.
export { clientConfigRoutes } from './routes.ts';
