// What other modules and the route table may use of the analytics module (ADR 102): they import it from here only.
export { dashboardRoutes } from './routes.ts';
