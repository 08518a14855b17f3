import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { auditLogEntries, users } from '../db/schema.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { createOrganization } from '../test/fixtures.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createAdmin } from './create-admin.ts';

describe('createAdmin', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('asks for an organization on an empty database, creates a named one, then reuses it by name or id', async () => {
    const base = { displayName: 'Ops', superAdmin: false, password: 'long-enough' };
    await expect(createAdmin(database.ownerDb, { ...base, email: 'a@example.com' })).rejects.toThrow(
      /no organization yet/,
    );
    const first = await createAdmin(database.ownerDb, {
      ...base,
      email: 'A@Example.com',
      organization: 'Acme',
    });
    expect(first.organization).toMatchObject({ name: 'Acme', created: true });
    expect(first.email).toBe('a@example.com');
    const byName = await createAdmin(database.ownerDb, {
      ...base,
      email: 'b@example.com',
      organization: 'Acme',
    });
    expect(byName.organization).toEqual({ ...first.organization, created: false });
    const byId = await createAdmin(database.ownerDb, {
      ...base,
      email: 'c@example.com',
      organization: first.organization.id,
      superAdmin: true,
    });
    expect(byId.organization.id).toBe(first.organization.id);
    const implicit = await createAdmin(database.ownerDb, { ...base, email: 'd@example.com' });
    expect(implicit.organization.id).toBe(first.organization.id);
    await expect(
      createAdmin(database.ownerDb, {
        ...base,
        email: 'e@example.com',
        organization: '01a1fca6-0783-7464-ad69-cef41e605301',
      }),
    ).rejects.toThrow(/No organization has the id/);

    const [c] = await database.ownerDb.select().from(users).where(eq(users.email, 'c@example.com'));
    expect(c).toMatchObject({ isAdmin: true, isSuperAdmin: true, displayName: 'Ops' });
    expect(await verifyPassword(c!.passwordHash, 'long-enough')).toBe(true);
    const audit = await database.ownerDb
      .select()
      .from(auditLogEntries)
      .where(eq(auditLogEntries.organizationId, first.organization.id));
    expect(audit.filter((a) => a.entityType === 'Organization')).toHaveLength(1);
    expect(audit.filter((a) => a.entityType === 'AppUser')).toHaveLength(4);
    expect(new Set(audit.map((a) => `${a.action} ${a.changes} ${a.userName}`))).toEqual(
      new Set(['CREATE {"created":true} system']),
    );
  });

  it('refuses an email that exists, whatever its case', async () => {
    await expect(
      createAdmin(database.ownerDb, {
        email: 'B@EXAMPLE.com',
        displayName: 'X',
        superAdmin: false,
        password: 'long-enough',
        organization: 'Acme',
      }),
    ).rejects.toThrow('A user with the email b@example.com already exists.');
  });

  it('asks for an id when several organizations share the name, and for a choice when none is named', async () => {
    await createOrganization(database.ownerDb, 'Twins');
    await createOrganization(database.ownerDb, 'Twins');
    const base = { displayName: 'Ops', superAdmin: false, password: 'long-enough' };
    await expect(
      createAdmin(database.ownerDb, { ...base, email: 'f@example.com', organization: 'Twins' }),
    ).rejects.toThrow('Several organizations are named "Twins": give the id instead.');
    await expect(createAdmin(database.ownerDb, { ...base, email: 'g@example.com' })).rejects.toThrow(
      'There are several organizations: choose one with --organization <id or name>.',
    );
    expect(await database.ownerDb.select().from(users).where(eq(users.email, 'f@example.com'))).toEqual([]);
  });
});
