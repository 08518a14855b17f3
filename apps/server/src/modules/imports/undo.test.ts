import { IMPORT_MESSAGES, IMPORT_UNDO_DAYS, type TImportRun, type TImportUndoPreview } from '@mqr/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  assetFieldValues,
  assets,
  auditLogEntries,
  importChanges,
  importProblems,
  importRows,
  importRuns,
  webhookDeliveries,
  webhookEndpoints,
} from '#server/db/schema.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { importClient } from '#server/test/import-client.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { sweepExpiredUndos } from './undo.ts';

// Undoing an import and discarding old ones (ADR 093).
const t = tenantWorld();
const { get, post, uploaded, checked, committed } = importClient(() => t.app);

type Headers = Record<string, string>;

async function freshOrganization() {
  const organization = await createOrganization(t.db);
  const admin = await createUser(t.db, organization.id, { isAdmin: true, displayName: 'Ada' });
  const member = await createUser(t.db, organization.id);
  return {
    organizationId: organization.id,
    headers: (await loginAs(t.app, admin)).headers,
    member: (await loginAs(t.app, member)).headers,
  };
}

async function importFile(headers: Headers, file: string): Promise<TImportRun> {
  const run = await uploaded(headers, file);
  expect((await checked(headers, run.id)).problemCount).toBe(0);
  return committed(headers, run.id);
}

const undo = (headers: Headers, id: string) => post(headers, `/api/admin/imports/${id}/undo`);
const preview = (headers: Headers, id: string) => get(headers, `/api/admin/imports/${id}/undo`);
const discard = (headers: Headers, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/imports/${id}`, headers });

/** Each asset of the organization with its custom values, by name. */
async function register(organizationId: string) {
  const rows = await t.db
    .select({
      name: assets.name,
      description: assets.description,
      externalId: assets.externalId,
      value: assetFieldValues.value,
    })
    .from(assets)
    .leftJoin(assetFieldValues, eq(assetFieldValues.assetId, assets.id))
    .where(eq(assets.organizationId, organizationId))
    .orderBy(asc(assets.id), asc(assetFieldValues.value));
  const byName = new Map<
    string,
    { description: string | null; externalId: string | null; values: string[] }
  >();
  for (const row of rows) {
    const entry = byName.get(row.name) ?? {
      description: row.description,
      externalId: row.externalId,
      values: [],
    };
    if (row.value !== null) entry.values.push(row.value);
    byName.set(row.name, entry);
  }
  return Object.fromEntries([...byName].sort(([a], [b]) => (a < b ? -1 : 1)));
}

describe('undoing an import', () => {
  it('deletes what it created and puts back what it updated, in one audited action', async () => {
    const { organizationId, headers } = await freshOrganization();
    await importFile(headers, 'Name,External ID,Description,Room\r\nPump,P-1,Old,Hall\r\nFan,F-1,,Roof\r\n');
    const before = await register(organizationId);
    const second = await importFile(
      headers,
      'Name,External ID,Description,Room\r\nPump 2,P-1,New,\r\nFan,F-1,,Roof\r\nDrill,D-1,,Shop\r\nSaw,S-1,,\r\n',
    );
    expect(second).toMatchObject({ createdCount: 2, updatedCount: 1, unchangedCount: 1 });
    expect(Date.parse(second.undoUntil!) - Date.parse(second.updatedAt)).toBeGreaterThan(
      (IMPORT_UNDO_DAYS * 24 - 1) * 3600_000,
    );
    const asked: TImportUndoPreview = (await preview(headers, second.id)).json();
    expect(asked).toMatchObject({ deleteCount: 2, revertCount: 1, blocked: [], blockedCount: 0 });

    // An endpoint that hears of assets: what the undo sends it goes to the outbox with the undo.
    await t.db.insert(webhookEndpoints).values({
      organizationId,
      url: 'https://hooks.example.com/assets',
      events: ['asset.created', 'asset.updated', 'asset.retired'],
      enabled: false,
      secretSealed: 'not used',
    });
    await t.db
      .update(webhookEndpoints)
      .set({ enabled: true })
      .where(eq(webhookEndpoints.organizationId, organizationId));
    const response = await undo(headers, second.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'Undone', undoUntil: null });
    expect(await register(organizationId)).toEqual(before);
    expect(await t.db.$count(importChanges, eq(importChanges.importId, second.id))).toBe(0);

    const entries = await t.db
      .select()
      .from(auditLogEntries)
      .where(
        and(
          eq(auditLogEntries.organizationId, organizationId),
          sql`(${auditLogEntries.changes} like '%undo%' or ${auditLogEntries.action} = 'UNDO')`,
        ),
      );
    const described = entries.map((entry) => [
      entry.action,
      entry.entityType,
      entry.entityName,
      JSON.parse(entry.changes!),
    ]);
    expect(described).toEqual(
      expect.arrayContaining([
        ['DELETE', 'Asset', 'Drill', expect.objectContaining({ deleted: true, undo: 'assets.csv' })],
        ['DELETE', 'Asset', 'Saw', expect.objectContaining({ deleted: true, undo: 'assets.csv' })],
        [
          'UPDATE',
          'Asset',
          'Pump',
          {
            changes: {
              name: { from: 'Pump 2', to: 'Pump' },
              description: { from: 'New', to: 'Old' },
              Room: { from: null, to: 'Hall' },
            },
            undo: 'assets.csv',
          },
        ],
        [
          'UNDO',
          'Import',
          'assets.csv',
          {
            changes: { Status: { from: 'Done', to: 'Undone' } },
            deleted: 2,
            reverted: 1,
            locationsDeleted: 0,
          },
        ],
      ]),
    );
    expect(entries).toHaveLength(4);
    expect(entries.every((entry) => entry.userName === 'Ada')).toBe(true);
    // The asset put back is an update, as an edit would send; the deleted ones have no event type.
    const sent = await t.db
      .select({ type: webhookDeliveries.eventType, body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.organizationId, organizationId));
    expect(sent.map((row) => [row.type, JSON.parse(row.body).data.name])).toEqual([
      ['asset.updated', 'Pump'],
    ]);

    const again = await undo(headers, second.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(IMPORT_MESSAGES.undoAlreadyUndone);
  });

  it('refuses, listing them and writing nothing, when its assets got an event or an edit since', async () => {
    const { organizationId, headers } = await freshOrganization();
    const run = await importFile(headers, 'Name,Room\r\nBoiler,Cellar\r\nChiller,Roof\r\nHeater,Hall\r\n');
    const [boiler, chiller] = await t.db
      .select()
      .from(assets)
      .where(eq(assets.organizationId, organizationId))
      .orderBy(asc(assets.name));
    const event = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${boiler!.id}/events`,
      headers,
      payload: { title: 'Service' },
    });
    expect(event.statusCode, event.body).toBe(201);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/assets/${chiller!.id}`,
      headers,
      payload: { name: 'Chiller (north)' },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const asked: TImportUndoPreview = (await preview(headers, run.id)).json();
    expect(asked).toMatchObject({ deleteCount: 3, revertCount: 0, blockedCount: 2 });
    expect(asked.blocked.map((asset) => asset.name)).toEqual(['Boiler', 'Chiller (north)']);

    const registerBefore = await register(organizationId);
    const auditsBefore = await t.db.$count(
      auditLogEntries,
      eq(auditLogEntries.organizationId, organizationId),
    );
    const refused = await undo(headers, run.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(IMPORT_MESSAGES.undoBlocked(2, ['Boiler', 'Chiller (north)']));
    expect(await register(organizationId)).toEqual(registerBefore);
    expect(await t.db.$count(auditLogEntries, eq(auditLogEntries.organizationId, organizationId))).toBe(
      auditsBefore,
    );
    expect((await get(headers, `/api/admin/imports/${run.id}`)).json().status).toBe('Done');
  });

  it('is gone after 7 days, and the sweep forgets what it needed', async () => {
    const { headers } = await freshOrganization();
    const run = await importFile(headers, 'Name\r\nOld pump\r\n');
    expect(await t.db.$count(importChanges, eq(importChanges.importId, run.id))).toBe(1);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    await t.db.update(importRuns).set({ finishedAt: eightDaysAgo }).where(eq(importRuns.id, run.id));
    const expired = await undo(headers, run.id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(IMPORT_MESSAGES.undoExpired);
    expect((await preview(headers, run.id)).statusCode).toBe(409);
    expect(await sweepExpiredUndos(t.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await t.db.$count(importChanges, eq(importChanges.importId, run.id))).toBe(0);
  });

  it('refuses a history import, an import not finished, and one finished before undo existed', async () => {
    const { headers } = await freshOrganization();
    const done = await importFile(headers, 'Name,Slug\r\nPump,pump\r\n');
    const history = await uploaded(
      headers,
      'Asset slug,Title,Performed at\r\npump,Check,2024-01-01\r\n',
      'events',
    );
    await checked(headers, history.id);
    await committed(headers, history.id);
    expect((await undo(headers, history.id)).json().message).toBe(IMPORT_MESSAGES.undoOnlyAssets);
    const pending = await uploaded(headers, 'Name\r\nFan\r\n');
    expect((await undo(headers, pending.id)).json().message).toBe(IMPORT_MESSAGES.undoNotDone);
    await t.db.update(importRuns).set({ finishedAt: null }).where(eq(importRuns.id, done.id));
    expect((await undo(headers, done.id)).json().message).toBe(IMPORT_MESSAGES.undoExpired);
  });

  it('is for administrators of the organization: a member gets 403, another organization 404', async () => {
    const { headers, member } = await freshOrganization();
    const other = await freshOrganization();
    const run = await importFile(headers, 'Name\r\nPump\r\n');
    expect((await undo(member, run.id)).statusCode).toBe(403);
    expect((await preview(member, run.id)).statusCode).toBe(403);
    expect((await discard(member, run.id)).statusCode).toBe(403);
    expect((await undo(other.headers, run.id)).statusCode).toBe(404);
    expect((await preview(other.headers, run.id)).statusCode).toBe(404);
    expect((await discard(other.headers, run.id)).statusCode).toBe(404);
    expect((await undo(headers, 'not-an-id')).statusCode).toBe(404);
    expect((await get(headers, `/api/admin/imports/${run.id}`)).json().status).toBe('Done');
  });
});

describe('discarding an import', () => {
  it('removes the import with its rows and problems, not its assets, and is audited', async () => {
    const { organizationId, headers } = await freshOrganization();
    const done = await importFile(headers, 'Name\r\nPump\r\n');
    const bad = await uploaded(headers, 'Name\r\n\r\nFan\r\n,\r\n');
    await checked(headers, bad.id);
    for (const run of [done, bad]) {
      const response = await discard(headers, run.id);
      expect(response.statusCode, response.body).toBe(204);
      expect((await get(headers, `/api/admin/imports/${run.id}`)).statusCode).toBe(404);
      expect(await t.db.$count(importRows, eq(importRows.importId, run.id))).toBe(0);
      expect(await t.db.$count(importProblems, eq(importProblems.importId, run.id))).toBe(0);
      expect(await t.db.$count(importChanges, eq(importChanges.importId, run.id))).toBe(0);
    }
    const [pump] = await t.db.select().from(assets).where(eq(assets.organizationId, organizationId));
    expect(pump).toMatchObject({ name: 'Pump', importId: null });
    const listed: TImportRun[] = (await get(headers, '/api/admin/imports')).json();
    expect(listed).toEqual([]);
    const entries = await t.db
      .select()
      .from(auditLogEntries)
      .where(
        and(eq(auditLogEntries.organizationId, organizationId), eq(auditLogEntries.entityType, 'Import')),
      );
    expect(entries.map((entry) => [entry.action, entry.entityId])).toEqual(
      expect.arrayContaining([
        ['DELETE', done.id],
        ['DELETE', bad.id],
      ]),
    );
    expect((await discard(headers, done.id)).statusCode).toBe(404);
  });

  it('refuses while the import is checked or imported', async () => {
    const { headers } = await freshOrganization();
    const run = await uploaded(headers, 'Name\r\nPump\r\n');
    await t.db.update(importRuns).set({ status: 'Importing' }).where(eq(importRuns.id, run.id));
    const refused = await discard(headers, run.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(IMPORT_MESSAGES.discardRunning);
    expect(await t.db.$count(importRows, eq(importRows.importId, run.id))).toBe(1);
  });
});
