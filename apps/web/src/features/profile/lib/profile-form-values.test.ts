import { describe, expect, it } from 'vitest';
import { checkProfileForm, profileFormValues } from './profile-form-values.ts';

const saved = { displayName: 'Sam', email: 'sam@example.com' };

function check(change: Partial<ReturnType<typeof profileFormValues>>, editEmail = true) {
  return checkProfileForm({ ...profileFormValues(saved), ...change }, saved, { editEmail });
}

describe('profile form rules', () => {
  it('sends nothing when nothing changed, and ignores a lone current password', () => {
    expect(check({})).toEqual({ ok: true, body: {}, changed: false });
    expect(check({ currentPassword: 'secret' })).toEqual({ ok: true, body: {}, changed: false });
  });

  it('sends the trimmed display name and the normalized email with the current password', () => {
    expect(check({ displayName: ' Samuel ', email: ' SAM2@example.com ', currentPassword: 'pw' })).toEqual({
      ok: true,
      body: { displayName: 'Samuel', email: 'sam2@example.com', currentPassword: 'pw' },
      changed: true,
    });
    expect(check({ email: 'SAM@example.com' })).toMatchObject({ ok: true, changed: false });
  });

  it('ignores the email on the settings variant', () => {
    expect(check({ email: '' }, false)).toEqual({ ok: true, body: {}, changed: false });
  });

  it('asks for the current password for an email change, and for a password change', () => {
    expect(check({ email: 'new@example.com' })).toEqual({
      ok: false,
      errors: [{ path: 'currentPassword', message: 'Current password is required to change email' }],
    });
    expect(
      check({ email: 'new@example.com', newPassword: 'long-enough', confirmPassword: 'long-enough' }),
    ).toEqual({
      ok: false,
      errors: [{ path: 'currentPassword', message: 'Current password is required to change password' }],
    });
  });
});
