// What other modules and the route table may use of the requests module (ADR 102): they import it from here only.

export { requestsPlugin } from './requests-plugin.ts';
export { publicReportRoutes, publicRequestStatusRoutes, requestRoutes } from './routes.ts';
export { getPublicReporting, onTaskCompleted, type RequestsDeps } from './service.ts';
