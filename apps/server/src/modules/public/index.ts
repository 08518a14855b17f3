// What other modules and the route table may use of the public module (ADR 102): they import it from here only.
export { publicAssetRoutes } from './routes.ts';
