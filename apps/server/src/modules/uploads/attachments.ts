import {
  API_MESSAGES,
  type TEventFileInput,
  type TFieldError,
  UPLOAD_MESSAGES,
  UPLOAD_SAID,
} from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError, conflict, fieldError } from '#server/lib/app-error.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import {
  deleteFiles,
  deletePendingUploads,
  type FileRow,
  findPendingUploads,
  insertFiles,
} from './queries.ts';

export const ATTACHMENT_MESSAGES = {
  invalid: API_MESSAGES.attachmentsInvalid,
  claimedMeanwhile: API_MESSAGES.attachmentClaimed,
} as const;

/** A new attachment, checked against its pending upload and the stored object. */
export interface NewAttachment {
  objectKey: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** What a save does to an event's attachments. */
export interface AttachmentPlan {
  keep: FileRow[];
  remove: FileRow[];
  add: NewAttachment[];
}

export function attachmentsChanged(plan: AttachmentPlan): boolean {
  return plan.add.length > 0 || plan.remove.length > 0;
}

/**
 * Compares the attachments a save lists with those the event has. A key not attached yet must be a
 * pending upload issued to this organization whose object exists and is within its size limit; the
 * stored size and the content type pinned at presign time are what get recorded. Every problem is a
 * VALIDATION error on `files.<index>`. Runs before the transaction: storage calls may be slow.
 */
export async function planAttachments(
  db: DbOrTx,
  storage: FileStorage,
  organizationId: string,
  existing: FileRow[],
  inputs: TEventFileInput[],
): Promise<AttachmentPlan> {
  const existingByKey = new Map(existing.map((f) => [f.objectKey, f]));
  const listed = new Set(inputs.map((f) => f.objectKey));
  const newInputs = inputs
    .map((input, index) => ({ input, index }))
    .filter(({ input }) => !existingByKey.has(input.objectKey));
  const pending = await findPendingUploads(
    db,
    organizationId,
    newInputs.map(({ input }) => input.objectKey),
  );
  const pendingByKey = new Map(pending.map((p) => [p.objectKey, p]));

  const errors: TFieldError[] = [];
  const add: NewAttachment[] = [];
  for (const { input, index } of newInputs) {
    const upload = pendingByKey.get(input.objectKey);
    if (!upload) {
      errors.push({ path: `files.${index}`, message: UPLOAD_MESSAGES.unknownUpload });
      continue;
    }
    const stored = await storage.stat(upload.objectKey);
    if (!stored) {
      errors.push({ path: `files.${index}`, message: UPLOAD_MESSAGES.missingObject });
      continue;
    }
    if (stored.size > upload.maxBytes) {
      const maxMb = Math.round(upload.maxBytes / (1024 * 1024));
      errors.push(fieldError(`files.${index}`, UPLOAD_SAID.tooLarge(maxMb)));
      continue;
    }
    add.push({
      objectKey: upload.objectKey,
      fileName: input.fileName,
      contentType: upload.contentType,
      size: stored.size,
    });
  }
  if (errors.length > 0) throw new AppError('VALIDATION', ATTACHMENT_MESSAGES.invalid, { fields: errors });
  return {
    keep: existing.filter((f) => listed.has(f.objectKey)),
    remove: existing.filter((f) => !listed.has(f.objectKey)),
    add,
  };
}

/**
 * Writes the plan inside the event's transaction: new file rows, removed rows gone, the claimed
 * pending uploads deleted (CONFLICT when another save claimed one first). Answers the new rows. A
 * checklist step's answer (a photo, a signature; ADR 134) names its step: it is no attachment.
 */
export async function applyAttachments(
  tx: DbOrTx,
  plan: AttachmentPlan,
  target: {
    organizationId: string;
    assetId: string;
    eventId: string;
    actorId: string;
    checklistStepKey?: string;
  },
): Promise<FileRow[]> {
  const keys = plan.add.map((f) => f.objectKey);
  const claimed = await deletePendingUploads(tx, target.organizationId, keys);
  if (claimed !== keys.length) throw conflict(ATTACHMENT_MESSAGES.claimedMeanwhile);
  const added = await insertFiles(
    tx,
    plan.add.map((f) => ({
      organizationId: target.organizationId,
      assetId: target.assetId,
      eventId: target.eventId,
      objectKey: f.objectKey,
      fileName: f.fileName,
      contentType: f.contentType,
      size: f.size,
      checklistStepKey: target.checklistStepKey ?? null,
      createdById: target.actorId,
    })),
  );
  await deleteFiles(
    tx,
    target.organizationId,
    plan.remove.map((f) => f.id),
  );
  return added;
}

/** After the commit: removes the objects of detached files (a failure only leaves an orphan object). */
export function discardRemovedObjects(
  storage: FileStorage,
  plan: AttachmentPlan,
  onError: (error: unknown, objectKey: string) => void,
): Promise<void> {
  return removeStoredObjects(
    storage,
    plan.remove.map((file) => file.objectKey),
    onError,
  );
}

/** After a commit: removes the objects of deleted files (a failure only leaves an orphan object). */
export async function removeStoredObjects(
  storage: FileStorage,
  objectKeys: string[],
  onError: (error: unknown, objectKey: string) => void,
): Promise<void> {
  for (const objectKey of objectKeys) {
    await storage.delete(objectKey).catch((error: unknown) => onError(error, objectKey));
  }
}
