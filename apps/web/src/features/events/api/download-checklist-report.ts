import { downloadFile } from '#web/lib/download-file.ts';

/** GET /api/events/{id}/checklist/report.pdf: the completion report, downloaded as the server names it. */
export function downloadChecklistReport(eventId: string): Promise<void> {
  return downloadFile(
    `/api/events/${encodeURIComponent(eventId)}/checklist/report.pdf`,
    {},
    'checklist-report.pdf',
  );
}
