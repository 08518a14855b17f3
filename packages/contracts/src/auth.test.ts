import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, ZLoginBody } from './auth.ts';

function messagesFor(input: unknown): string[] {
  const result = ZLoginBody.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('ZLoginBody', () => {
  it('trims and lower-cases the email', () => {
    expect(ZLoginBody.parse({ email: '  Admin@Example.COM ', password: 'x' }).email).toBe(
      'admin@example.com',
    );
  });

  it('rejects an invalid email with the documented message', () => {
    expect(messagesFor({ email: 'not-an-email', password: 'x' })).toEqual([LOGIN_MESSAGES.invalidEmail]);
  });

  it('requires a password with the documented message', () => {
    expect(messagesFor({ email: 'a@b.co', password: '' })).toEqual([LOGIN_MESSAGES.passwordRequired]);
  });
});
