import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { StoredFile } from '../../lib/send-stored-file.ts';
import { isUuid } from '../../lib/uuid.ts';
import { dispositionFor } from '../../storage/content-disposition.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { findFile } from './queries.ts';

/**
 * How to deliver a stored file: looked up by organization AND id (a malformed id, another
 * organization's file or a missing object is NOT_FOUND), inline only for types safe to show.
 */
export async function getFileDelivery(
  db: DbOrTx,
  storage: FileStorage,
  organizationId: string,
  fileId: string,
): Promise<StoredFile> {
  const file =
    isUuid(organizationId) && isUuid(fileId)
      ? await findFile(db, organizationId.toLowerCase(), fileId.toLowerCase())
      : undefined;
  if (!file) throw notFound('File');
  const disposition = dispositionFor(file.contentType);
  const download = await storage.download(file.objectKey, {
    fileName: file.fileName,
    contentType: file.contentType,
    disposition,
  });
  if (!download) throw notFound('File');
  return { contentType: file.contentType, fileName: file.fileName, disposition, download };
}
