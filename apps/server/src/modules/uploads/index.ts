// What other modules and the route table may use of the uploads module (ADR 102): they import it from here only.
export {
  type AttachmentPlan,
  applyAttachments,
  discardRemovedObjects,
  planAttachments,
  removeStoredObjects,
} from './attachments.ts';
export { localUploadRoutes, uploadRoutes } from './routes.ts';
