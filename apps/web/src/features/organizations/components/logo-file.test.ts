import { i18n } from '@lingui/core';
import { LOGO_MAX_BYTES, ORGANIZATION_MESSAGES } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { ORGANIZATION_TEXTS } from '../texts.ts';
import { LOGO_ACCEPT, logoFileProblem } from './logo-file.ts';

describe('logo file check', () => {
  it('accepts the four logo types up to exactly 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(logoFileProblem({ type, size: LOGO_MAX_BYTES })).toBeNull();
    }
    expect(LOGO_ACCEPT).toBe('image/png,image/jpeg,image/gif,image/webp');
  });

  it('names the first problem', () => {
    expect(logoFileProblem({ type: '', size: 10 })).toBe(i18n._(ORGANIZATION_TEXTS.notAnImage));
    expect(logoFileProblem({ type: 'application/pdf', size: 10 })).toBe(
      i18n._(ORGANIZATION_TEXTS.notAnImage),
    );
    expect(logoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(ORGANIZATION_MESSAGES.logoType);
    expect(logoFileProblem({ type: 'image/png', size: LOGO_MAX_BYTES + 1 })).toBe(
      ORGANIZATION_MESSAGES.logoTooLarge,
    );
  });
});
