import { describe, expect, it } from 'vitest';
import { redirectFor } from './route-access.ts';

describe('route access', () => {
  it('sends a super administrator without isAdmin into admin pages', () => {
    expect(redirectFor({ access: 'admin' }, { isAdmin: false, isSuperAdmin: true })).toBeNull();
  });
});
