import { randomUUID } from 'node:crypto';
import { HEAVY_WORK_MESSAGES } from '@mqr/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Release } from '#server/lib/heavy-work.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { importClient } from '#server/test/import-client.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// Two at once on the instance, one per organization, four waiting at most (ADR 089).
const t = tenantWorld({ heavyWorkAtOnce: 2, heavyWorkPerOrganization: 1 });
const { get, upload } = importClient(() => t.app);

type Headers = Record<string, string>;
const assetOf: Record<'A' | 'B', string> = { A: '', B: '' };

beforeAll(async () => {
  assetOf.A = (await createAssetViaApi(t.app, t.headers.adminA, { name: 'Bounded pump A' })).id;
  assetOf.B = (await createAssetViaApi(t.app, t.headers.adminB, { name: 'Bounded pump B' })).id;
});

/** Every kind of heavy request, for an organization's administrator. */
const heavyRequests = (headers: Headers, org: 'A' | 'B') => ({
  labels: () =>
    t.app.inject({
      method: 'POST',
      url: '/api/labels',
      headers,
      payload: { assetIds: [assetOf[org]], layout: 'avery-l7160' },
    }),
  assetsCsv: () => get(headers, '/api/exports/assets.csv'),
  historyCsv: () => get(headers, '/api/exports/events.csv?from=2020-01-01T00:00:00Z&to=2030-01-01T00:00:00Z'),
  upload: () => upload(headers, 'Name\r\nBounded pump\r\n'),
});

/** Lets the answers just sent give their turns back (a response closes a tick after it ends). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('heavy work bounds', () => {
  it('answers 429 with Retry-After past an organization’s share, and lets another organization through', async () => {
    const orgA = t.orgA.organization.id;
    const importsBefore = (await get(t.headers.adminA, '/api/admin/imports')).json();
    const held = await t.app.heavyWork.forRequest(orgA);
    try {
      for (const [what, send] of Object.entries(heavyRequests(t.headers.adminA, 'A'))) {
        const response = await send();
        expect(response.statusCode, what).toBe(429);
        expect(response.headers['retry-after'], what).toBe('5');
        expect(response.json(), what).toMatchObject({
          code: 'RATE_LIMITED',
          message: HEAVY_WORK_MESSAGES.organizationBusy,
        });
      }
      // Nothing of the refused upload was kept.
      expect((await get(t.headers.adminA, '/api/admin/imports')).json()).toEqual(importsBefore);
      for (const [what, send] of Object.entries(heavyRequests(t.headers.adminB, 'B'))) {
        const response = await send();
        expect(response.statusCode, what).toBeLessThan(300);
        await settle();
      }
    } finally {
      held();
    }
    await settle();
    expect((await heavyRequests(t.headers.adminA, 'A').labels()).statusCode).toBe(200);
    await settle();
    expect(t.app.heavyWork.load(orgA)).toEqual({ running: 0, waiting: 0, organization: 0 });
  });

  it('answers 503 with Retry-After when the instance is busy and its queue full', async () => {
    const others = () => randomUUID();
    const running: Release[] = [
      await t.app.heavyWork.forRequest(others()),
      await t.app.heavyWork.forRequest(others()),
    ];
    const waiting = Array.from({ length: 4 }, () => t.app.heavyWork.forRequest(others()));
    try {
      for (const [what, send] of Object.entries(heavyRequests(t.headers.adminB, 'B'))) {
        const response = await send();
        expect(response.statusCode, what).toBe(503);
        expect(response.headers['retry-after'], what).toBe('5');
        expect(response.json().message, what).toBe(HEAVY_WORK_MESSAGES.serverBusy);
      }
    } finally {
      for (const release of running) release();
      for (const turn of waiting) (await turn)();
    }
    await settle();
    expect(t.app.heavyWork.load()).toMatchObject({ running: 0, waiting: 0 });
  });
});
