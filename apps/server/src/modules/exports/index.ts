// What other modules and the route table may use of the exports module (ADR 102): they import it from here only.
export { exportRoutes } from './routes.ts';
