import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { roleLabel } from './texts.ts';

describe('roleLabel', () => {
  it('names each role as docs/product/overview.md#roles does', () => {
    expect(i18n._(roleLabel({ isAdmin: false, isSuperAdmin: false }))).toBe('Member');
    expect(i18n._(roleLabel({ isAdmin: true, isSuperAdmin: false }))).toBe('Administrator');
    expect(i18n._(roleLabel({ isAdmin: true, isSuperAdmin: true }))).toBe('Super Administrator');
  });
});
