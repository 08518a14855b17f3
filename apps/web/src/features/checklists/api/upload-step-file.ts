import { type TChecklistFileInput, UPLOAD_MESSAGES } from '@mqr/contracts';
import { presignUpload, UploadError, uploadFile } from '#web/features/events/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { wordMessage } from '#web/lib/api-messages.ts';

/**
 * Stores a photo's or a signature's bytes the way event attachments are stored (a presigned PUT,
 * docs/product/files.md#upload-flow) and answers what a step's answer names: its object key and name.
 * `presignKey` makes a repeated presign (the outbox trying again) the same upload.
 */
export async function uploadStepFile(
  file: Blob & { name: string },
  options: { presignKey?: string; onProgress?: (fraction: number) => void } = {},
): Promise<TChecklistFileInput> {
  const contentType = file.type || 'image/png';
  const target = await presignUpload({ fileName: file.name, contentType }, undefined, options.presignKey);
  if (file.size > target.maxBytes) {
    throw new ApiError(
      413,
      'PAYLOAD_TOO_LARGE',
      wordMessage(UPLOAD_MESSAGES.tooLarge(Math.round((target.maxBytes / 1048576) * 10) / 10)),
    );
  }
  await uploadFile(
    target.uploadUrl,
    file,
    contentType,
    options.onProgress ? { onProgress: options.onProgress } : {},
  );
  return { objectKey: target.objectKey, fileName: file.name };
}

export { UploadError };
