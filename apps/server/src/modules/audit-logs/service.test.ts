import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogEntries } from '#server/db/schema.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { diffChanges, recordAudit } from './service.ts';

describe('diffChanges', () => {
  it('keeps only the keys whose values changed, missing keys counting as null', () => {
    expect(
      diffChanges(
        { name: 'Pump', description: null, size: '3', same: 'x', gone: 'old' },
        { name: 'Pump 2', description: 'New', size: '3', same: 'x', added: 'new' },
      ),
    ).toEqual({
      name: { from: 'Pump', to: 'Pump 2' },
      description: { from: null, to: 'New' },
      gone: { from: 'old', to: null },
      added: { from: null, to: 'new' },
    });
  });

  it('compares arrays by value and gives an empty map when nothing changed', () => {
    expect(diffChanges({ options: ['a', 'b'] }, { options: ['a', 'b'] })).toEqual({});
    expect(diffChanges({ options: ['a'] }, { options: ['a', 'b'] })).toEqual({
      options: { from: ['a'], to: ['a', 'b'] },
    });
    expect(diffChanges({ a: undefined }, { a: null })).toEqual({});
  });
});

describe('recordAudit', () => {
  const t = tenantWorld();

  it('writes the entry with the actor name, JSON changes and IP; the system when no actor', async () => {
    const entityId = '01900000-0000-7000-8000-0000000000aa';
    await recordAudit(t.db, {
      organizationId: t.orgA.organization.id,
      actor: { id: t.orgA.admin.id, displayName: t.orgA.admin.displayName, email: t.orgA.admin.email },
      action: 'UPDATE',
      entityType: 'Asset',
      entityId,
      entityName: 'Pump',
      changes: { changes: { name: { from: 'a', to: 'b' } } },
      ipAddress: '10.1.2.3',
    });
    await recordAudit(t.db, {
      organizationId: t.orgA.organization.id,
      actor: { id: t.orgA.member.id, displayName: '', email: t.orgA.member.email },
      action: 'CREATE',
      entityType: 'Asset',
      entityId,
      entityName: 'Pump',
      changes: { created: true },
      ipAddress: undefined,
    });
    const rows = await t.db.select().from(auditLogEntries).where(eq(auditLogEntries.entityId, entityId));
    const update = rows.find((r) => r.action === 'UPDATE')!;
    expect(update).toMatchObject({
      organizationId: t.orgA.organization.id,
      userId: t.orgA.admin.id,
      userName: t.orgA.admin.displayName,
      entityType: 'Asset',
      entityName: 'Pump',
      ipAddress: '10.1.2.3',
    });
    expect(JSON.parse(update.changes!)).toEqual({ changes: { name: { from: 'a', to: 'b' } } });
    const create = rows.find((r) => r.action === 'CREATE')!;
    expect(create.userName).toBe(t.orgA.member.email);
    expect(create.changes).toBe('{"created":true}');
    expect(create.ipAddress).toBeNull();
  });

  it('rolls back with the transaction it is part of', async () => {
    const entityId = '01900000-0000-7000-8000-0000000000bb';
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, {
          organizationId: t.orgA.organization.id,
          actor: null,
          action: 'DELETE',
          entityType: 'Asset',
          entityId,
          entityName: 'x',
          changes: { deleted: true },
          ipAddress: '::1',
        });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    const rows = await t.db.select().from(auditLogEntries).where(eq(auditLogEntries.entityId, entityId));
    expect(rows).toHaveLength(0);
  });
});
