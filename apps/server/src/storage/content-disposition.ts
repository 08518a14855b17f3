import { isImageContentType } from '@mqr/contracts';

/** The media type of a Content-Type value, lower-case, without parameters. */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/**
 * Whether a browser may show the file in the page (inline) or must download it (attachment). Only
 * types a browser shows without running anything are inline: raster images (never SVG), PDF, plain
 * text, audio and video. HTML, SVG, XML, JavaScript and anything unknown are attachments.
 */
export function dispositionFor(contentType: string): 'inline' | 'attachment' {
  const type = mediaTypeOf(contentType);
  if (isImageContentType(type)) return 'inline';
  if (type === 'application/pdf' || type === 'text/plain') return 'inline';
  if (/^(audio|video)\/[\w.+-]+$/.test(type)) return 'inline';
  return 'attachment';
}

/** RFC 5987 `value-chars`: percent-encoded UTF-8, with the characters encodeURIComponent leaves alone. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A quoted-string-safe ASCII version of the name for browsers that ignore `filename*`. */
function asciiFallback(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\/%]/g, '_')
    .trim();
  return ascii || 'file';
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The Content-Disposition header (RFC 6266): an ASCII `filename` and the exact UTF-8 `filename*`. */
export function contentDispositionHeader(disposition: 'inline' | 'attachment', fileName: string): string {
  // A lone surrogate would make encodeURIComponent throw.
  const name = fileName.replace(LONE_SURROGATE, '\uFFFD') || 'file';
  return `${disposition}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
