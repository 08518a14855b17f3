// What other modules and the route table may use of the auth module (ADR 102): they import it from here only.
export { authRoutes, loginRoutes, profileRoutes } from './routes.ts';
