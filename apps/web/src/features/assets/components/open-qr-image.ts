import { getQrImage } from '../api/get-qr-image.ts';

/**
 * Opens the staff QR image in a new tab. The window is opened at once (inside the click, so pop-up
 * blockers allow it) and pointed at the image once it is fetched with the bearer token.
 * Returns false when no window could be opened or the image could not be loaded.
 */
export async function openQrImage(qrCodeUrl: string): Promise<boolean> {
  const win = window.open('', '_blank');
  if (!win) return false;
  try {
    const blob = await getQrImage(qrCodeUrl);
    const objectUrl = URL.createObjectURL(blob);
    win.location.href = objectUrl;
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    return true;
  } catch {
    win.close();
    return false;
  }
}
