import { type TPresignBody, type TPresignResponse, ZPresignResponse } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/uploads/presign: where to PUT one file's bytes, and the key to save with the event. */
export async function presignUpload(
  body: TPresignBody,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<TPresignResponse> {
  const data = await apiRequest('/api/uploads/presign', {
    method: 'POST',
    body,
    ...(signal ? { signal } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  return ZPresignResponse.parse(data);
}
