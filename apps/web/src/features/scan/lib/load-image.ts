import { withTimeout } from './scan-result.ts';
import { IMAGE_LOAD_TIMEOUT_MS } from './scanner-constants.ts';

/** Loads a chosen photo into an image element (blob: URL, allowed by the CSP), within 10 s. */
export async function loadImage(file: Blob, timeoutMs = IMAGE_LOAD_TIMEOUT_MS): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        image.onload = () => resolve();
        image.onerror = () => reject(new Error('Image could not be read'));
        image.src = url;
      }),
      timeoutMs,
      'Image load timed out',
    );
    return image;
  } finally {
    // The decoded pixels stay with the element.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
