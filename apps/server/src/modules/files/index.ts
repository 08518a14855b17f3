// What other modules and the route table may use of the files module (ADR 102): they import it from here only.
export { fileRoutes } from './routes.ts';
