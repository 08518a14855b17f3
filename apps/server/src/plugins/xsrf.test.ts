import { XSRF_COOKIE, XSRF_HEADER } from '@mqr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createOrganization, createUser, type FixtureUser } from '../test/fixtures.ts';

let t: TestApp;
let user: FixtureUser;

beforeAll(async () => {
  t = await buildTestApp();
  const organization = await createOrganization(t.db);
  user = await createUser(t.db, organization.id);
});

afterAll(async () => {
  await t?.close();
});

function xsrfCookie(setCookie: string | string[] | undefined): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith(`${XSRF_COOKIE}=`));
}

const login = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    headers,
  });

describe('XSRF protection', () => {
  it('sets a readable XSRF-TOKEN cookie on a response to a request without one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    const cookie = xsrfCookie(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${XSRF_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/i);
    const other = xsrfCookie(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me' })).headers['set-cookie'],
    );
    expect(other).not.toBe(cookie);
  });

  it('does not set one on a request with a bearer token: a script, or a page that has its cookie', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(response.statusCode).toBe(401);
    expect(xsrfCookie(response.headers['set-cookie'])).toBeUndefined();
  });

  it('does not set it again when the request carries one', async () => {
    const token = tokenFrom(await t.app.inject({ method: 'GET', url: '/api/auth/me' }));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { [XSRF_COOKIE]: token },
    });
    expect(xsrfCookie(response.headers['set-cookie'])).toBeUndefined();
  });

  it('refuses a POST that carries the cookie without the header, or with another value', async () => {
    const token = tokenFrom(await t.app.inject({ method: 'GET', url: '/api/auth/me' }));
    const other = tokenFrom(await t.app.inject({ method: 'GET', url: '/api/auth/me' }));
    const cases: Record<string, string>[] = [
      { cookie: `${XSRF_COOKIE}=${token}` },
      { cookie: `${XSRF_COOKIE}=${token}`, [XSRF_HEADER]: other },
      { cookie: `${XSRF_COOKIE}=${token}`, [XSRF_HEADER]: '' },
      { cookie: `${XSRF_COOKIE}=`, [XSRF_HEADER]: '' },
      { cookie: `${XSRF_COOKIE}=short`, [XSRF_HEADER]: 'short' },
    ];
    for (const headers of cases) {
      const response = await login(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Missing or invalid XSRF token.' });
    }
  });

  it('lets a POST through when the header echoes the cookie', async () => {
    const token = tokenFrom(await t.app.inject({ method: 'GET', url: '/api/auth/me' }));
    const response = await login({ cookie: `${XSRF_COOKIE}=${token}`, [XSRF_HEADER]: token });
    expect(response.statusCode).toBe(200);
  });

  it('does not check requests without the cookie (bearer-only clients)', async () => {
    const response = await login({});
    expect(response.statusCode).toBe(200);
  });

  it('marks the cookie Secure when the public address is https', async () => {
    const secure = await buildTestApp({ publicBaseUrl: 'https://mqr.example.com' });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(xsrfCookie(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});

function tokenFrom(response: { headers: Record<string, unknown> }): string {
  const cookie = xsrfCookie(response.headers['set-cookie'] as string | string[] | undefined);
  const value = cookie?.split(';')[0]?.split('=')[1];
  if (!value) throw new Error('no XSRF cookie');
  return value;
}
