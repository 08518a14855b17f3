/** The JPEG quality a photo that was not one is saved at. */
const JPEG_QUALITY = 0.9;

/**
 * A step's photo as the server takes it: a JPEG (ADR 134, 135: embedded in the report as it is). A
 * JPEG goes as it is; another image the browser can read (a PNG screenshot, a WebP, a HEIC where the
 * browser decodes it) is drawn onto a canvas and saved as a JPEG of the same size; null when the
 * file is no image the browser can read.
 */
export async function jpegPhoto(file: File): Promise<File | null> {
  if (file.type === 'image/jpeg') return file;
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  // A transparent image becomes white behind, as on paper.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  if (!blob) return null;
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
  return new File([blob], name, { type: 'image/jpeg' });
}
