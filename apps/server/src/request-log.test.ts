import { randomBytes } from 'node:crypto';
import { SSO_CALLBACK_PATH, XSRF_COOKIE, XSRF_HEADER } from '@mqr/contracts';
import type { TestIdentityProvider } from '@mqr/oidc-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_ATTEMPT_COOKIE } from './modules/sso/routes.ts';
import { putSsoSettings, ssoSettingsFor, startProviderFor, startSso } from './test/sso-fixtures.ts';
import { tenantWorld } from './test/tenant-world.ts';

// Secrets never reach the log (ADR 084): the flows that carry them run with the request log at info
// level, as production logs, and the captured log is searched for each secret.

const captured: string[] = [];
const t = tenantWorld(
  { ssoAllowHttp: true, webhooksAllowPrivateAddresses: true },
  { logger: { level: 'info', stream: { write: (line: string) => captured.push(line) } } },
);
let idp: TestIdentityProvider;
/** Every secret the flows handled, by name. */
const secrets = new Map<string, string>();

beforeAll(async () => {
  idp = await startProviderFor(t);
  const orgA = t.orgA.organization.id;
  idp.accounts.set('ada', { email: 'ada@acme.test', name: 'Ada' });
  expect(
    (await putSsoSettings(t.app, t.headers.adminA, ssoSettingsFor(idp, ['acme.test'], { createUsers: true })))
      .statusCode,
  ).toBe(200);
  const session = t.headers.memberA;
  secrets.set('password', t.orgA.member.password);
  secrets.set('sign-in token', session.authorization.replace('Bearer ', ''));

  // A write with the XSRF cookie and header, as the browser sends it.
  const xsrf = randomBytes(32).toString('base64url');
  secrets.set('XSRF cookie', xsrf);
  const asset = await t.app.inject({
    method: 'POST',
    url: '/api/assets',
    headers: { ...session, cookie: `${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf },
    payload: { name: 'Logged pump' },
  });
  expect(asset.statusCode, asset.body).toBe(201);

  // An API token, created and used.
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers: session,
    payload: { name: 'Script', scope: 'read', expiresInDays: 7 },
  });
  secrets.set('API token', token.json().secret);
  const read = await t.app.inject({
    url: '/api/assets',
    headers: { authorization: `Bearer ${token.json().secret}` },
  });
  expect(read.statusCode).toBe(200);

  // A calendar feed, its answer replayed for the same Idempotency-Key, then fetched by its address.
  const makeFeed = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/calendar/feed',
      headers: { ...session, 'idempotency-key': 'feed-in-the-log' },
    });
  const feed = await makeFeed();
  expect((await makeFeed()).json().url).toBe(feed.json().url);
  const feedPath = new URL(feed.json().url).pathname;
  secrets.set('feed token', feedPath.split('/').pop()!.replace('.ics', ''));
  expect((await t.app.inject({ url: feedPath })).statusCode).toBe(200);

  // A signed upload URL of the local storage, presigned and used.
  const presigned = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/presign',
    headers: session,
    payload: { fileName: 'note.txt', contentType: 'text/plain' },
  });
  expect(presigned.statusCode, presigned.body).toBe(200);
  const uploadUrl: string = presigned.json().uploadUrl;
  secrets.set('upload signature', new URL(uploadUrl, 'http://x').searchParams.get('signature')!);
  const put = await t.app.inject({
    method: 'PUT',
    url: uploadUrl,
    headers: { 'content-type': 'text/plain' },
    payload: 'hello',
  });
  expect(put.statusCode, put.body).toBeLessThan(300);

  // Single sign-on: the provider sends the browser to the return page with its code and state,
  // and the page posts them back with the attempt cookie.
  const { authorizationUrl, attempt } = await startSso(t.app, orgA);
  const answer = await idp.authorize(authorizationUrl, 'ada');
  secrets.set('SSO code', answer.searchParams.get('code')!);
  secrets.set('SSO state', answer.searchParams.get('state')!);
  secrets.set('SSO attempt cookie', attempt);
  await t.app.inject({ url: `${SSO_CALLBACK_PATH}${answer.search}` });
  const signedIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sso/callback',
    headers: { cookie: `${SSO_ATTEMPT_COOKIE}=${attempt}` },
    payload: Object.fromEntries(answer.searchParams),
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  secrets.set('SSO sign-in token', signedIn.json().accessToken);
});

afterAll(async () => {
  await idp?.close();
});

describe('the info-level request log', () => {
  it('logged the flows', () => {
    const log = captured.join('');
    expect(log).toContain('"msg":"incoming request"');
    for (const path of ['/api/uploads/local/', '/public/calendar/', SSO_CALLBACK_PATH])
      expect(log).toContain(path);
  });

  it('holds none of their secrets', () => {
    const log = captured.join('');
    const found = [...secrets]
      .filter(([, value]) => log.includes(value) || log.includes(encodeURIComponent(value)))
      .map(([name]) => name);
    expect(found).toEqual([]);
  });

  it('shows the masked places: the feed path, and every query value', () => {
    const urls = captured.flatMap((line) => {
      const url = JSON.parse(line).req?.url;
      return typeof url === 'string' ? [url] : [];
    });
    expect(urls).toContain('/public/calendar/[redacted]');
    expect(urls).toContain(`${SSO_CALLBACK_PATH}?code=[redacted]&state=[redacted]&iss=[redacted]`);
    expect(urls.find((url) => url.startsWith('/api/uploads/local/'))).toMatch(
      /\?contentType=\[redacted\]&maxBytes=\[redacted\]&expires=\[redacted\]&signature=\[redacted\]$/,
    );
  });
});
