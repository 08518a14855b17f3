// What other modules and the route table may use of the sample-data module (ADR 102): they import it from here only.
export { sampleDataRoutes } from './routes.ts';
