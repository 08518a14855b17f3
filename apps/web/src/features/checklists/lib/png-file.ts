/**
 * A `data:` URL (what a canvas exports) as a File: its bytes decoded here, not fetched (the app's
 * Content-Security-Policy need not allow `data:` for connections).
 */
export function fileFromDataUrl(dataUrl: string, fileName: string): File {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('Not a data URL.');
  const [, type = 'application/octet-stream', base64, data = ''] = match;
  let bytes: Uint8Array<ArrayBuffer>;
  if (base64) {
    const binary = atob(data);
    bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  } else {
    bytes = new TextEncoder().encode(decodeURIComponent(data));
  }
  return new File([bytes], fileName, { type });
}
