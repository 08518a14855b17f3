/**
 * What the events feature offers the other features (ADR 022): the read-only event cards of the
 * public asset page, the line under a history that loads older events, the writes the offline
 * outbox sends later (each with its Idempotency-Key), uploads included, and what shows a saved
 * event or a task's stamps in the kept copies (ADR 090), and the events' words (the public page says
 * there is no maintenance in them), an asset's open tasks (the request merge picker). The asset page's events section and the dashboard's pending tasks
 * are composed in app/routes.
 */

export { getPendingTasks } from './api/get-pending-tasks.ts';
export { presignUpload } from './api/presign-upload.ts';
export { createEvent, updateEvent } from './api/save-event.ts';
export { completeTask, startTask } from './api/task-action.ts';
export { taskKeys } from './api/task-keys.ts';
export { UploadError, uploadFile } from './api/upload-file.ts';
export { ChecklistReportButton } from './components/checklist-report-button.tsx';
export { OlderEvents } from './components/older-events.tsx';
export { PublicEventList } from './components/public-event-list.tsx';
export { showSavedEvent, showTaskStamps, stampsAfter, stampsBefore } from './lib/shown-tasks.ts';
export { EVENT_HISTORY_TEXTS, EVENT_TEXTS } from './texts.ts';
