import { afterEach, describe, expect, it } from 'vitest';
import { auditEntriesOf } from '#server/test/asset-fixtures.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';

let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Renames the super administrator's organization from `remoteAddress` with an X-Forwarded-For header. */
async function renameThroughProxy(app: TestApp) {
  const organization = await createOrganization(app.db, 'Before');
  const root = await createUser(app.db, organization.id, { isAdmin: true, isSuperAdmin: true });
  const { headers } = await loginAs(app.app, root);
  const response = await app.app.inject({
    method: 'PUT',
    url: `/api/admin/organizations/${organization.id}`,
    remoteAddress: '10.1.1.1',
    headers: { ...headers, 'x-forwarded-for': '203.0.113.7' },
    payload: { name: 'After' },
  });
  expect(response.statusCode).toBe(200);
  const [entry] = await auditEntriesOf(app.db, organization.id, organization.id);
  const listed = await app.app.inject({ method: 'GET', url: '/api/audit-logs', headers });
  return { stored: entry!.ipAddress, listed: listed.json()[0].ipAddress };
}

describe('client IP address in the audit log', () => {
  it('is the socket address when TRUST_PROXY is unset: X-Forwarded-For is ignored', async () => {
    t = await buildTestApp();
    expect(t.config.trustProxy).toBe(false);
    expect(await renameThroughProxy(t)).toEqual({ stored: '10.1.1.1', listed: '10.1.1.1' });
  });

  it('is the X-Forwarded-For client when TRUST_PROXY=true', async () => {
    t = await buildTestApp({ trustProxy: true });
    expect(await renameThroughProxy(t)).toEqual({ stored: '203.0.113.7', listed: '203.0.113.7' });
  });

  it('trusts only the listed proxies', async () => {
    t = await buildTestApp({ trustProxy: ['10.9.9.9'] });
    expect(await renameThroughProxy(t)).toEqual({ stored: '10.1.1.1', listed: '10.1.1.1' });
  });
});
