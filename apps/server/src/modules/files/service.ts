import type { DbOrTx } from '#server/db/client.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { StoredFile } from '#server/lib/send-stored-file.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { dispositionFor } from '#server/storage/content-disposition.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
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
