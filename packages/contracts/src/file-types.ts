// No zod here: the public page's bundle reads these without the schemas (ADR 032).

/** The label shown for a file that is not an image: its extension, first 6 characters upper-case. */
export function fileExtensionLabel(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot >= 0 ? fileName.slice(dot + 1) : '';
  return extension ? extension.slice(0, 6).toUpperCase() : 'FILE';
}

/** True for types shown as an image thumbnail. */
export function isImageContentType(contentType: string): boolean {
  return /^image\/(png|jpe?g|gif|webp|avif|bmp)$/i.test(contentType.split(';')[0]!.trim());
}
