import type { TLabelSheetBody } from '@mqr/contracts';
import { downloadFile } from '#web/lib/download-file.ts';

/** POST /api/labels: the label PDF, downloaded as the server names it (labels-YYYY-MM-DD.pdf). */
export function downloadLabels(body: TLabelSheetBody): Promise<void> {
  return downloadFile('/api/labels', { method: 'POST', body }, 'labels.pdf');
}
