// What other modules and the route table may use of the health module (ADR 102): they import it from here only.
export { healthRoutes } from './routes.ts';
