import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.ts';

const user = {
  id: '0190a1b2-0000-7000-8000-000000000001',
  organizationId: '0190a1b2-0000-7000-8000-0000000000aa',
  tokenVersion: 3,
};

describe('tokens', () => {
  it('issues a token whose claims verify', async () => {
    const tokens = createTokenService({ secret: 'test-secret-test-secret-test-secret', ttlHours: 8 });
    const before = Date.now();
    const { accessToken, expiresAt } = await tokens.issueToken(user);
    expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const expiresMs = Date.parse(expiresAt);
    expect(expiresMs - before).toBeGreaterThan(8 * 3600_000 - 2000);
    expect(expiresMs - before).toBeLessThanOrEqual(8 * 3600_000 + 1000);
    const claims = await tokens.verifyToken(accessToken);
    expect(claims).toMatchObject({ sub: user.id, org: user.organizationId, ver: 3 });
    expect(claims?.exp).toBe(expiresMs / 1000);
  });

  it('refuses expired, tampered, foreign and malformed tokens', async () => {
    const tokens = createTokenService({ secret: 'secret-one-secret-one-secret-one', ttlHours: 8 });
    const expired = await createTokenService({
      secret: 'secret-one-secret-one-secret-one',
      ttlHours: -1,
    }).issueToken(user);
    expect(await tokens.verifyToken(expired.accessToken)).toBeNull();

    const foreign = await createTokenService({
      secret: 'another-secret-another-secret',
      ttlHours: 8,
    }).issueToken(user);
    expect(await tokens.verifyToken(foreign.accessToken)).toBeNull();

    const { accessToken } = await tokens.issueToken(user);
    const [header, payload, signature] = accessToken.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ver: 4 }),
    ).toString('base64url');
    expect(await tokens.verifyToken(`${header}.${forged}.${signature}`)).toBeNull();

    expect(await tokens.verifyToken('not-a-token')).toBeNull();
    expect(await tokens.verifyToken('')).toBeNull();
    // alg "none" is refused.
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(await tokens.verifyToken(none)).toBeNull();
  });

  it('refuses a validly signed token with missing or mistyped claims', async () => {
    const secret = 'secret-two-secret-two-secret-two';
    const tokens = createTokenService({ secret, ttlHours: 8 });
    const key = new TextEncoder().encode(secret);
    const noVersion = await new SignJWT({ org: user.organizationId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect(await tokens.verifyToken(noVersion)).toBeNull();
    const stringVersion = await new SignJWT({ org: user.organizationId, ver: '3' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect(await tokens.verifyToken(stringVersion)).toBeNull();
  });
});

describe('a token checked before', () => {
  it('is answered from memory until it expires, and nothing but that exact token is', async () => {
    let clock = Date.parse('2026-11-23T08:00:00Z');
    const tokens = createTokenService({
      secret: 'kept-secret-kept-secret-kept',
      ttlHours: 1,
      now: () => clock,
    });
    const { accessToken } = await tokens.issueToken(user);
    const first = await tokens.verifyToken(accessToken);
    expect(first).toMatchObject({ sub: user.id });
    expect(await tokens.verifyToken(accessToken)).toEqual(first);
    // One character changed in the signature: checked, and refused.
    const last = accessToken.at(-2) === 'A' ? 'B' : 'A';
    expect(await tokens.verifyToken(`${accessToken.slice(0, -2)}${last}${accessToken.at(-1)}`)).toBeNull();
    clock += 3600_000 + 1000;
    expect(await tokens.verifyToken(accessToken)).toBeNull();
  });
});
