// What other modules and the route table may use of the labels module (ADR 102): they import it from here only.
export { encodableText } from '#server/lib/pdf/pdf-text.ts';
export { labelRoutes } from './routes.ts';
