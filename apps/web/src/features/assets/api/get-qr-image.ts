import { apiSend } from '#web/lib/api-client.ts';

/** GET {qrCodeUrl} (e.g. /api/assets/{id}/qr.png): the staff QR PNG, which needs the bearer token. */
export async function getQrImage(qrCodeUrl: string, signal?: AbortSignal): Promise<Blob> {
  const response = await apiSend(qrCodeUrl, signal ? { signal } : {});
  return response.blob();
}
