import { LANGUAGE_MESSAGES } from '@mqr/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogEntries, organizations, users } from '#server/db/schema.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// A person's language and their organization's default (ADR 110): read by GET /api/auth/me, chosen
// by PUT /api/auth/me and PUT /api/admin/organization/settings, audited, each in its own tenant.

const t = tenantWorld();

const put = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers, payload });
const me = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: '/api/auth/me', headers })).json();

async function storedLanguage(id: string) {
  const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.id, id));
  return row?.language;
}

async function auditedChanges(entityId: string, key: string) {
  const rows = await t.db
    .select({ changes: auditLogEntries.changes })
    .from(auditLogEntries)
    .where(and(eq(auditLogEntries.action, 'UPDATE'), eq(auditLogEntries.entityId, entityId)));
  return rows
    .map((row) => JSON.parse(row.changes ?? '{}').changes ?? {})
    .filter((changes) => key in changes)
    .map((changes) => changes[key]);
}

describe('a person’s language', () => {
  it('is null at first, and the organization’s default is English', async () => {
    expect(await me(t.headers.memberA)).toMatchObject({ language: null, organizationLanguage: 'en' });
  });

  it('is chosen, answered, kept and audited; another tenant’s person keeps theirs', async () => {
    const saved = await put('/api/auth/me', t.headers.memberA, { language: 'de' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'de', organizationLanguage: 'en' });
    expect(await me(t.headers.memberA)).toMatchObject({ language: 'de' });
    expect(await storedLanguage(t.orgA.member.id)).toBe('de');
    expect(await storedLanguage(t.orgB.member.id)).toBeNull();
    expect(await auditedChanges(t.orgA.member.id, 'language')).toEqual([{ from: null, to: 'de' }]);
    // The same again writes nothing.
    await put('/api/auth/me', t.headers.memberA, { language: 'de' });
    expect(await auditedChanges(t.orgA.member.id, 'language')).toHaveLength(1);
  });

  it('goes back to the organization’s with null', async () => {
    const saved = await put('/api/auth/me', t.headers.memberA, { language: null });
    expect(saved.json()).toMatchObject({ language: null });
    expect(await storedLanguage(t.orgA.member.id)).toBeNull();
  });

  it('refuses anything but one of the languages with a clear 400, writing nothing', async () => {
    for (const language of ['it', 'EN', 'pseudo', '', 3, true]) {
      const bad = await put('/api/auth/me', t.headers.memberB, { language, displayName: 'Renamed' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject([
        {
          path: 'language',
          message: LANGUAGE_MESSAGES.languageInvalid,
          messageId: 'language.languageInvalid',
          values: { languages: 'en, de, fr, es' },
        },
      ]);
    }
    expect(await me(t.headers.memberB)).toMatchObject({
      language: null,
      displayName: t.orgB.member.displayName,
    });
  });

  it('is not part of the sign-in answer', async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: t.orgB.member.email, password: t.orgB.member.password },
    });
    expect(signedIn.json()).not.toHaveProperty('language');
  });
});

describe('an organization’s default language', () => {
  it('is changed by its administrator, answered, audited, and reaches its people only', async () => {
    const saved = await put('/api/admin/organization/settings', t.headers.adminA, { defaultLanguage: 'fr' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ defaultLanguage: 'fr', timeZone: 'UTC', dailyDigest: true });
    expect(
      (await t.app.inject({ url: '/api/auth/organization', headers: t.headers.memberA })).json(),
    ).toMatchObject({ defaultLanguage: 'fr' });
    expect(await me(t.headers.memberA)).toMatchObject({ language: null, organizationLanguage: 'fr' });
    expect(await me(t.headers.memberB)).toMatchObject({ organizationLanguage: 'en' });
    const [other] = await t.db
      .select({ defaultLanguage: organizations.defaultLanguage })
      .from(organizations)
      .where(eq(organizations.id, t.orgB.organization.id));
    expect(other?.defaultLanguage).toBe('en');
    expect(await auditedChanges(t.orgA.organization.id, 'defaultLanguage')).toEqual([
      { from: 'en', to: 'fr' },
    ]);
  });

  it('is an administrator’s to change, and only to one of the languages', async () => {
    const member = await put('/api/admin/organization/settings', t.headers.memberA, {
      defaultLanguage: 'es',
    });
    expect(member.statusCode).toBe(403);
    for (const defaultLanguage of ['pt', null, 1]) {
      const bad = await put('/api/admin/organization/settings', t.headers.adminA, {
        defaultLanguage,
        dailyDigest: false,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject([
        { path: 'defaultLanguage', message: LANGUAGE_MESSAGES.languageInvalid },
      ]);
    }
    expect(
      (await t.app.inject({ url: '/api/auth/organization', headers: t.headers.adminA })).json(),
    ).toMatchObject({ defaultLanguage: 'fr', dailyDigest: true });
  });
});
