import { describe, expect, it } from 'vitest';
import { contentDispositionHeader, dispositionFor } from './content-disposition.ts';

describe('dispositionFor', () => {
  it.each([
    'image/png',
    'image/jpeg',
    'IMAGE/WEBP',
    'image/gif',
    'application/pdf',
    'text/plain; charset=utf-8',
    'audio/mpeg',
    'video/mp4',
  ])('shows %s inline', (type) => {
    expect(dispositionFor(type)).toBe('inline');
  });

  it.each([
    'image/svg+xml',
    'text/html',
    'text/html; charset=utf-8',
    'application/xhtml+xml',
    'text/xml',
    'application/xml',
    'text/javascript',
    'application/javascript',
    'application/json',
    'text/css',
    'application/octet-stream',
    'application/x-unknown',
    'multipart/x-mixed-replace',
  ])('downloads %s as an attachment', (type) => {
    expect(dispositionFor(type)).toBe('attachment');
  });
});

describe('contentDispositionHeader', () => {
  it('keeps a plain ASCII name in both forms', () => {
    expect(contentDispositionHeader('inline', 'photo.png')).toBe(
      `inline; filename="photo.png"; filename*=UTF-8''photo.png`,
    );
  });

  it('encodes a UTF-8 name (RFC 5987) with an ASCII fallback', () => {
    expect(contentDispositionHeader('attachment', 'Relevé d’été (1).pdf')).toBe(
      `attachment; filename="Releve d_ete (1).pdf"; filename*=UTF-8''Relev%C3%A9%20d%E2%80%99%C3%A9t%C3%A9%20%281%29.pdf`,
    );
  });

  it('cannot break out of the quoted name or inject a header', () => {
    const header = contentDispositionHeader('attachment', 'a"b\\c/d\r\nSet-Cookie: x=1;.html');
    expect(header).toBe(
      `attachment; filename="a_b_c_d__Set-Cookie: x=1;.html"; filename*=UTF-8''a%22b%5Cc%2Fd%0D%0ASet-Cookie%3A%20x%3D1%3B.html`,
    );
    expect(header).not.toMatch(/[\r\n]/);
  });

  it('survives a lone surrogate and an empty name', () => {
    expect(contentDispositionHeader('attachment', 'x\uD800.txt')).toBe(
      `attachment; filename="x_.txt"; filename*=UTF-8''x%EF%BF%BD.txt`,
    );
    expect(contentDispositionHeader('inline', '')).toBe(`inline; filename="file"; filename*=UTF-8''file`);
  });
});
