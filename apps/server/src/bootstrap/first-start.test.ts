import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { auditLogEntries, organizations, users } from '../db/schema.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { testConfig } from '../test/build-test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { DEMO_ORGANIZATION_NAME, generatePassword, runFirstStart } from './first-start.ts';

describe('first start', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-first-start-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the demo organization, administrator and member once, and prints the credentials once', async () => {
    const config = testConfig(dataDir, {
      adminEmail: 'Root@Example.com',
      adminPassword: 'configured-secret',
    });
    const printed: string[] = [];
    const app = await buildApp(config, { database, logger: false, print: (t) => printed.push(t) });
    await app.close();

    const orgs = await database.ownerDb.select().from(organizations);
    expect(orgs).toHaveLength(1);
    expect(orgs[0]!.name).toBe(DEMO_ORGANIZATION_NAME);
    const people = await database.ownerDb.select().from(users).orderBy(asc(users.displayName));
    expect(
      people.map((u) => ({
        email: u.email,
        displayName: u.displayName,
        isAdmin: u.isAdmin,
        isSuperAdmin: u.isSuperAdmin,
        canEdit: u.canEditCompletedMaintenanceEvents,
        isActive: u.isActive,
        organizationId: u.organizationId,
      })),
    ).toEqual([
      {
        email: 'root@example.com',
        displayName: 'Administrator',
        isAdmin: true,
        isSuperAdmin: true,
        canEdit: true,
        isActive: true,
        organizationId: orgs[0]!.id,
      },
      {
        email: 'member@example.com',
        displayName: 'Demo member',
        isAdmin: false,
        isSuperAdmin: false,
        canEdit: false,
        isActive: true,
        organizationId: orgs[0]!.id,
      },
    ]);

    // The configured password works and is not printed; the generated one is printed and works.
    const [admin, member] = people;
    expect(await verifyPassword(admin!.passwordHash, 'configured-secret')).toBe(true);
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(printed).toHaveLength(1);
    const block = printed[0]!;
    expect(block).not.toContain('configured-secret');
    expect(block).toContain('root@example.com');
    expect(block).toContain('member@example.com');
    const generated = /member@example\.com[\s\S]*?Password: (\S+)/.exec(block)?.[1];
    expect(generated).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(await verifyPassword(member!.passwordHash, generated!)).toBe(true);
    expect(block.split('\n')[0]).toMatch(/^\+-+\+$/);

    const audit = await database.ownerDb.select().from(auditLogEntries);
    expect(
      audit
        .map((a) => ({
          entityType: a.entityType,
          entityId: a.entityId,
          action: a.action,
          changes: a.changes,
          userName: a.userName,
          userId: a.userId,
          organizationId: a.organizationId,
        }))
        .sort((a, b) => `${a.entityType}${a.entityId}`.localeCompare(`${b.entityType}${b.entityId}`)),
    ).toEqual(
      [
        { entityType: 'AppUser', entityId: admin!.id },
        { entityType: 'AppUser', entityId: member!.id },
        { entityType: 'Organization', entityId: orgs[0]!.id },
      ]
        .map((e) => ({
          ...e,
          action: 'CREATE',
          changes: '{"created":true}',
          userName: 'system',
          userId: null,
          organizationId: orgs[0]!.id,
        }))
        .sort((a, b) => `${a.entityType}${a.entityId}`.localeCompare(`${b.entityType}${b.entityId}`)),
    );
    // No secret in the audit log.
    expect(JSON.stringify(audit)).not.toContain('argon2');
  });

  it('does nothing (and prints nothing) on later starts', async () => {
    const printed: string[] = [];
    const config = testConfig(dataDir);
    const app = await buildApp(config, { database, logger: false, print: (t) => printed.push(t) });
    await app.close();
    expect(printed).toEqual([]);
    expect(await runFirstStart(database.ownerDb, config, { print: (t) => printed.push(t) })).toBeUndefined();
    expect(printed).toEqual([]);
    expect(await database.ownerDb.select().from(organizations)).toHaveLength(1);
    expect(await database.ownerDb.select().from(users)).toHaveLength(2);
  });

  it('generates strong distinct passwords', () => {
    const a = generatePassword();
    expect(a).toHaveLength(20);
    expect(a).not.toBe(generatePassword());
  });
});
