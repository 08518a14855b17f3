import { describe, expect, it } from 'vitest';
import { fileExtensionLabel } from './file-types.ts';
import { findPublicAssetPath } from './public.ts';

describe('findPublicAssetPath', () => {
  const org = '01a1fcbb-8fad-767a-b9d7-6e17acc6f16c';
  it('finds the organization and slug in a scanned URL', () => {
    expect(findPublicAssetPath(`https://qr.example.com/a/${org}/pump-3-x7k2q9`)).toEqual({
      organizationId: org,
      slug: 'pump-3-x7k2q9',
    });
  });
  it('ignores other texts', () => {
    expect(findPublicAssetPath('hello')).toBeNull();
    expect(findPublicAssetPath('https://example.com/a/pump-3')).toBeNull();
  });
});

describe('fileExtensionLabel', () => {
  it('upper-cases the first 6 characters of the extension, or FILE', () => {
    expect(fileExtensionLabel('report.pdf')).toBe('PDF');
    expect(fileExtensionLabel('archive.tar.gzipped')).toBe('GZIPPE');
    expect(fileExtensionLabel('README')).toBe('FILE');
  });
});
