import { readdir, readFile } from 'node:fs/promises';
import { SSO_MESSAGES } from '@mqr/contracts';
import type { TestIdentityProvider } from '@mqr/oidc-testing';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoIdentities, users } from '#server/db/schema.ts';
import { auditEntriesOf } from '#server/test/asset-fixtures.ts';
import { createUser, type FixtureUser } from '#server/test/fixtures.ts';
import {
  linkCookieOf,
  linkSso,
  putSsoSettings,
  signInThroughProvider,
  ssoSettingsFor,
  startProviderFor,
} from '#server/test/sso-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// A sign-in through the organization's provider finds its account by the provider's issuer and
// subject, never by email alone (ADR 082): a provider the organization points at later cannot sign
// in as the accounts another one vouched for, nor as password accounts that never linked.

const t = tenantWorld({ ssoAllowHttp: true, webhooksAllowPrivateAddresses: true });
let first: TestIdentityProvider;
let second: TestIdentityProvider;
let orgA: string;
let ada: FixtureUser;

/** Both providers know the same logins (their subjects) with the same emails. */
const PEOPLE = {
  grace: { email: 'grace@acme.test', name: 'Grace Hopper' },
  ada: { email: 'ada@acme.test', name: 'Ada Lovelace' },
  old: { email: 'old@acme.test' },
  older: { email: 'older@acme.test' },
};

beforeAll(async () => {
  orgA = t.orgA.organization.id;
  first = await startProviderFor(t);
  second = await startProviderFor(t);
  for (const idp of [first, second]) {
    for (const [login, account] of Object.entries(PEOPLE)) idp.accounts.set(login, account);
    // Someone at the provider with the administrator's address.
    idp.accounts.set('boss', { email: t.orgA.admin.email });
  }
  ada = await createUser(t.db, orgA, { email: PEOPLE.ada.email, displayName: 'Ada' });
  await pointAt(first);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

/** The organization's single sign-on, at this provider, creating accounts, for acme.test and the admin's domain. */
async function pointAt(idp: TestIdentityProvider) {
  const response = await putSsoSettings(
    t.app,
    t.headers.adminA,
    ssoSettingsFor(idp, ['acme.test', 'example.com'], { createUsers: true }),
  );
  expect(response.statusCode, response.body).toBe(200);
}

const identitiesOf = (userId: string) =>
  t.db
    .select({ issuer: ssoIdentities.issuer, subject: ssoIdentities.subject })
    .from(ssoIdentities)
    .where(eq(ssoIdentities.userId, userId))
    .orderBy(ssoIdentities.createdAt);

const userIdOf = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

function expectSignedIn(response: LightMyRequestResponse, email: string) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ email, accessToken: expect.any(String) });
}

/** Nobody signed in: the answer asks for the account's password, and a cookie holds the identity. */
function expectLinkRequired(response: LightMyRequestResponse, email: string): string {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({
    linkRequired: true,
    email,
    organizationName: t.orgA.organization.name,
    providerName: 'Acme Login',
  });
  const pending = linkCookieOf(response);
  expect(pending).toBeTruthy();
  return pending!;
}

describe('identities at the provider', () => {
  it("links a new person's account to the identity that created it", async () => {
    expectSignedIn(await signInThroughProvider(t.app, first, orgA, 'grace'), PEOPLE.grace.email);
    expect(await identitiesOf(await userIdOf(PEOPLE.grace.email))).toEqual([
      { issuer: first.issuer, subject: 'grace' },
    ]);
  });

  it('does not sign in a password account by its email: it links once, with its password', async () => {
    const pending = expectLinkRequired(await signInThroughProvider(t.app, first, orgA, 'ada'), ada.email);
    expect(await identitiesOf(ada.id)).toEqual([]);

    const wrong = await linkSso(t.app, pending, 'not the password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toMatchObject([
      { path: 'password', message: SSO_MESSAGES.linkPasswordWrong },
    ]);
    expect(wrong.json().accessToken).toBeUndefined();
    expect(await identitiesOf(ada.id)).toEqual([]);

    const linked = await linkSso(t.app, pending, ada.password);
    expectSignedIn(linked, ada.email);
    expect(linkCookieOf(linked)).toBe('');
    expect(await identitiesOf(ada.id)).toEqual([{ issuer: first.issuer, subject: 'ada' }]);
    const [entry] = await auditEntriesOf(t.db, orgA, ada.id);
    expect(entry).toMatchObject({ action: 'UPDATE', entityType: 'AppUser', userId: ada.id });
    expect(JSON.parse(entry!.changes!)).toEqual({
      changes: { singleSignOn: { from: null, to: `Acme Login (${first.issuer})` } },
    });

    // From now on the provider signs her in directly.
    expectSignedIn(await signInThroughProvider(t.app, first, orgA, 'ada'), ada.email);
  });

  it('refuses a link without its cookie, with a tampered one, or without a password', async () => {
    const pending = expectLinkRequired(
      await signInThroughProvider(t.app, first, orgA, 'boss'),
      t.orgA.admin.email,
    );
    for (const cookie of [undefined, '', 'garbage', `${pending.slice(0, -3)}AAA`]) {
      const response = await linkSso(t.app, cookie, t.orgA.admin.password);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(SSO_MESSAGES.attemptExpired);
    }
    const empty = await linkSso(t.app, pending, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject([
      { path: 'password', message: SSO_MESSAGES.linkPasswordRequired },
    ]);
    expect(await identitiesOf(t.orgA.admin.id)).toEqual([]);
  });
});

describe('pointing single sign-on at another provider', () => {
  beforeAll(async () => {
    await pointAt(second);
  });

  it('signs in nobody the first provider vouched for, nor the administrator, nor a password account, without a password', async () => {
    for (const [login, email] of [
      ['grace', PEOPLE.grace.email],
      ['ada', PEOPLE.ada.email],
      ['boss', t.orgA.admin.email],
    ] as const) {
      const response = await signInThroughProvider(t.app, second, orgA, login);
      expectLinkRequired(response, email);
      expect(response.json().accessToken).toBeUndefined();
    }
    // Grace's account was made by the first provider: it has no password anyone knows.
    const grace = expectLinkRequired(
      await signInThroughProvider(t.app, second, orgA, 'grace'),
      PEOPLE.grace.email,
    );
    expect((await linkSso(t.app, grace, 'correct horse battery')).statusCode).toBe(400);
    expect(await identitiesOf(await userIdOf(PEOPLE.grace.email))).toEqual([
      { issuer: first.issuer, subject: 'grace' },
    ]);
  });

  it('lets an account link to the new provider by proving its password', async () => {
    const pending = expectLinkRequired(await signInThroughProvider(t.app, second, orgA, 'ada'), ada.email);
    expectSignedIn(await linkSso(t.app, pending, ada.password), ada.email);
    expect(await identitiesOf(ada.id)).toEqual([
      { issuer: first.issuer, subject: 'ada' },
      { issuer: second.issuer, subject: 'ada' },
    ]);
    expectSignedIn(await signInThroughProvider(t.app, second, orgA, 'ada'), ada.email);
  });

  it("refuses a link started with the first provider's answer once the organization points elsewhere", async () => {
    await pointAt(first);
    const pending = expectLinkRequired(
      await signInThroughProvider(t.app, first, orgA, 'boss'),
      t.orgA.admin.email,
    );
    await pointAt(second);
    const response = await linkSso(t.app, pending, t.orgA.admin.password);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SSO_MESSAGES.attemptExpired);
    expect(await identitiesOf(t.orgA.admin.id)).toEqual([]);
  });

  it("never signs another organization's account in, even when both use the same provider", async () => {
    const saved = await putSsoSettings(
      t.app,
      t.headers.adminB,
      ssoSettingsFor(first, ['acme.test'], { createUsers: true }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await signInThroughProvider(t.app, first, t.orgB.organization.id, 'grace');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      SSO_MESSAGES.otherOrganization(PEOPLE.grace.email, t.orgB.organization.name),
    );
  });
});

describe('accounts single sign-on created before identities were kept', () => {
  it('link on their first sign-in from the issuer configured at the upgrade, and only from it', async () => {
    const old = await createUser(t.db, orgA, { email: PEOPLE.old.email });
    const older = await createUser(t.db, orgA, { email: PEOPLE.older.email });
    // What the migration writes for them: a link to the issuer configured then, without a subject.
    await t.db.insert(ssoIdentities).values([
      { organizationId: orgA, userId: old.id, issuer: second.issuer, subject: null },
      { organizationId: orgA, userId: older.id, issuer: first.issuer, subject: null },
    ]);
    expectSignedIn(await signInThroughProvider(t.app, second, orgA, 'old'), old.email);
    expect(await identitiesOf(old.id)).toEqual([{ issuer: second.issuer, subject: 'old' }]);
    // Another subject at that issuer with the same email is someone else now.
    second.accounts.set('old-impostor', { email: old.email });
    expectLinkRequired(await signInThroughProvider(t.app, second, orgA, 'old-impostor'), old.email);
    // A link waiting for the first provider is not the second's to take.
    expectLinkRequired(await signInThroughProvider(t.app, second, orgA, 'older'), older.email);
    expect(await identitiesOf(older.id)).toEqual([{ issuer: first.issuer, subject: null }]);
  });

  it('are found by the migration: created by themselves in the audit log, beside the settings', async () => {
    // Grace was created by the first provider (her CREATE entry is her own); Ada by the fixtures.
    const grace = await userIdOf(PEOPLE.grace.email);
    await t.db.delete(ssoIdentities).where(eq(ssoIdentities.organizationId, orgA));
    const folder = new URL('../../db/migrations/', import.meta.url);
    const file = (await readdir(folder)).find((name) => name.endsWith('_sso_identities.sql'))!;
    const migration = await readFile(new URL(file, folder), 'utf8');
    const backfill = migration.slice(migration.indexOf('INSERT INTO "sso_identities"'));
    await t.db.execute(sql.raw(backfill));
    const rows = await t.db
      .select({ userId: ssoIdentities.userId, issuer: ssoIdentities.issuer, subject: ssoIdentities.subject })
      .from(ssoIdentities)
      .where(eq(ssoIdentities.organizationId, orgA));
    expect(rows).toEqual([{ userId: grace, issuer: second.issuer, subject: null }]);
  });
});
