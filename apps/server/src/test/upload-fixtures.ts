import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import {
  type FileInsert,
  type FileRow,
  insertFiles,
  insertPendingUpload,
} from '../modules/uploads/queries.ts';
import { newUploadKey } from '../storage/object-keys.ts';

export interface StagedUpload {
  objectKey: string;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * An upload as if presigned and PUT by the browser: a pending row of the user's organization and
 * the bytes in the app's storage. Use the key in an event save payload.
 */
export async function stageUpload(
  app: FastifyInstance,
  db: DbOrTx,
  user: { id: string; organizationId: string },
  file: { fileName?: string; contentType?: string; bytes?: Buffer; maxBytes?: number } = {},
): Promise<StagedUpload> {
  const objectKey = newUploadKey(user.organizationId);
  const fileName = file.fileName ?? 'report.pdf';
  const contentType = file.contentType ?? 'application/pdf';
  const bytes = file.bytes ?? Buffer.from('%PDF-1.4 test file');
  await insertPendingUpload(db, {
    objectKey,
    organizationId: user.organizationId,
    userId: user.id,
    fileName,
    contentType,
    maxBytes: file.maxBytes ?? 25 * 1024 * 1024,
  });
  await app.storage.put(objectKey, bytes, contentType);
  return { objectKey, fileName, contentType, size: bytes.length };
}

/** A file row as a save leaves it, for a test that puts (or leaves out) the bytes in storage itself. */
export async function insertFileRow(db: DbOrTx, values: FileInsert): Promise<FileRow> {
  const [row] = await insertFiles(db, [values]);
  return row!;
}
