import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogEntries,
  jobs,
  requestPhotos,
  requests,
  webhookDeliveries,
  webhookEndpoints,
} from '#server/db/schema.ts';
import { asOrganization } from '#server/db/scope.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { auditEntryWrite } from '../audit-logs/index.ts';
import { requestCreatedWrites } from '../webhooks/index.ts';
import { insertReport } from './queries.ts';

/** A public report's one statement (ADR 133): the request and what goes with it, all written once or not at all. */
describe('a report written in one statement', () => {
  const t = tenantWorld();
  let org: string;
  let asset: { id: string };

  beforeAll(async () => {
    org = t.orgA.organization.id;
    asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Boiler' });
    await t.db.insert(webhookEndpoints).values({
      organizationId: org,
      url: 'https://hooks.example.com/requests',
      events: ['request.created'],
      secretSealed: 'not used',
    });
  });

  /** The report of `tokenHash` with one photo, its audit entry and its event, as createReport writes them. */
  const write = (tokenHash: string) => {
    const id = uuidv7();
    return asOrganization(org, () =>
      insertReport(
        t.db,
        {
          id,
          organizationId: org,
          assetId: asset.id,
          urgency: 'stopped',
          description: 'The pump stopped',
          reporterLanguage: 'en',
          tokenHash,
          senderHash: 'sender',
        },
        [{ objectKey: `${org}/uploads/${id}.png`, contentType: 'image/png', size: 68 }],
        (report) => [
          auditEntryWrite(
            {
              organizationId: org,
              actor: null,
              action: 'CREATE',
              entityType: 'Request',
              entityId: id,
              entityName: 'Boiler',
              changes: { created: true },
              ipAddress: null,
            },
            report,
          ),
          requestCreatedWrites(org, { requestId: id, assetId: asset.id }, report),
        ],
      ),
    ).then((written) => ({ id, written }));
  };

  const countsOf = async (id: string) => ({
    requests: await t.db.$count(requests, eq(requests.id, id)),
    photos: await t.db.$count(requestPhotos, eq(requestPhotos.requestId, id)),
    audit: await t.db.$count(auditLogEntries, eq(auditLogEntries.entityId, id)),
    deliveries: await t.db.$count(
      webhookDeliveries,
      sql`${webhookDeliveries.body}::jsonb #>> '{data,requestId}' = ${id}`,
    ),
    jobs: await t.db.$count(
      jobs,
      sql`${jobs.data}->>'deliveryId' in (select id::text from ${webhookDeliveries}
        where ${webhookDeliveries.body}::jsonb #>> '{data,requestId}' = ${id})`,
    ),
  });

  it('writes the request, its photo, audit entry, delivery and its job together', async () => {
    const first = await write('a'.repeat(64));
    expect(first.written).toBe(true);
    expect(await countsOf(first.id)).toEqual({ requests: 1, photos: 1, audit: 1, deliveries: 1, jobs: 1 });
    const [delivery] = await t.db
      .select({ body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.body}::jsonb #>> '{data,requestId}' = ${first.id}`);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      type: 'request.created',
      data: { organizationId: org, requestId: first.id, assetId: asset.id },
    });
  });

  it('writes nothing at all for a second report of the same token (a retry that raced the first)', async () => {
    const first = await write('b'.repeat(64));
    const again = await write('b'.repeat(64));
    expect(first.written).toBe(true);
    expect(again.written).toBe(false);
    expect(await countsOf(again.id)).toEqual({ requests: 0, photos: 0, audit: 0, deliveries: 0, jobs: 0 });
    expect(await countsOf(first.id)).toEqual({ requests: 1, photos: 1, audit: 1, deliveries: 1, jobs: 1 });
  });
});
