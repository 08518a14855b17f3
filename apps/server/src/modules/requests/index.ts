// What other modules and the route table may use of the requests module (ADR 102): they import it from here only.

export { deleteRequestsOfAssets, objectKeysOfPhotos } from './queries.ts';
export { requestsPlugin } from './requests-plugin.ts';
export { publicReportRoutes, publicRequestStatusRoutes, requestRoutes } from './routes.ts';
export { getPublicReporting, onTaskCompleted, onTaskDeleted, type RequestsDeps } from './service.ts';
