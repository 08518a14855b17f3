import { describe, expect, it } from 'vitest';
import { roleLabel } from './texts.ts';

describe('roleLabel', () => {
  it('names each role as docs/product/overview.md#roles does', () => {
    expect(roleLabel({ isAdmin: false, isSuperAdmin: false })).toBe('Member');
    expect(roleLabel({ isAdmin: true, isSuperAdmin: false })).toBe('Administrator');
    expect(roleLabel({ isAdmin: true, isSuperAdmin: true })).toBe('Super Administrator');
  });
});
