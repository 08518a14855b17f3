import { REQUEST_PHOTO_MAX_EDGE_PX } from '@mqr/contracts';

const JPEG_QUALITY = 0.82;

/** The size that fits `width` × `height` within `maxEdge` on its longest side, never enlarged. */
export function fittedSize(width: number, height: number, maxEdge = REQUEST_PHOTO_MAX_EDGE_PX) {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A camera photo made small enough for a slow connection before it is sent: drawn at most
 * REQUEST_PHOTO_MAX_EDGE_PX px on its long edge and encoded as JPEG in the browser (createImageBitmap applies
 * the photo's EXIF orientation). A file the browser cannot decode is refused (null).
 */
export async function resizePhoto(file: Blob): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const { width, height } = fittedSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  } finally {
    bitmap.close();
  }
}
