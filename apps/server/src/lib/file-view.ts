import type { TFile } from '@mqr/contracts';
import { filePublicUrl } from './public-urls.ts';

/** What a stored file's row has that the API shows of it. */
export interface ShownFile {
  id: string;
  organizationId: string;
  objectKey: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** A stored file as the API shows it (an event's attachment, a checklist step's photo or signature). */
export function toFile(row: ShownFile): TFile {
  return {
    id: row.id,
    objectKey: row.objectKey,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    publicUrl: filePublicUrl(row),
  };
}
