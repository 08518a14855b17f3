import { ASSET_CSV_COLUMNS, EVENT_CSV_COLUMNS, EXPORT_MESSAGES, ZAssetListView } from '@mqr/contracts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createAssetViaApi, insertField } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { resolveListView } from '../asset-list/index.ts';
import { assetCsvRows, eventCsvRows } from './service.ts';

const t = tenantWorld();

const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });

/** The records of a CSV response, header first, after checking it is a UTF-8 CSV download. */
function recordsOf(response: Awaited<ReturnType<typeof get>>): string[][] {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parse(response.body, { bom: true });
}

async function collect(rows: AsyncGenerator<string[]>): Promise<string[][]> {
  const all: string[][] = [];
  for await (const row of rows) all.push(row);
  return all;
}

describe('GET /api/exports/assets.csv', () => {
  it("answers the organization's assets with a column per custom field, formulas neutralised", async () => {
    const orgId = t.orgA.organization.id;
    const serial = await insertField(t.db, orgId, { label: 'Serial', key: 'serial', displayOrder: 1 });
    const plain = await createAssetViaApi(t.app, t.headers.adminA, {
      name: 'Export pump',
      description: 'Line one, with a comma\nline "two"',
      externalId: 'ICC-2065556',
      fields: [{ fieldId: serial.id, value: 'SN-1' }],
    });
    const risky = await createAssetViaApi(t.app, t.headers.adminA, {
      name: '=HYPERLINK("http://evil.example","x")',
      fields: [{ fieldId: serial.id, value: '-2+3' }],
    });
    await createAssetViaApi(t.app, t.headers.adminB, { name: 'Export pump of B' });

    const records = recordsOf(await get(t.headers.memberA, '/api/exports/assets.csv'));
    expect(records[0]).toEqual([...ASSET_CSV_COLUMNS, 'Serial']);
    const bySlug = new Map(records.slice(1).map((record) => [record[0], record]));
    expect(bySlug.get(plain.slug)).toEqual([
      plain.slug,
      'Export pump',
      'Line one, with a comma\nline "two"',
      'ICC-2065556',
      '',
      '',
      plain.createdAt,
      plain.updatedAt,
      'SN-1',
    ]);
    expect(bySlug.get(risky.slug)?.slice(1, 4)).toEqual([`'=HYPERLINK("http://evil.example","x")`, '', '']);
    expect(bySlug.get(risky.slug)?.[8]).toBe("'-2+3");
    expect(records.some((record) => record[1] === 'Export pump of B')).toBe(false);
  });

  it('answers only what the search finds, as the list does', async () => {
    await createAssetViaApi(t.app, t.headers.adminA, { name: 'Searchable chiller' });
    const records = recordsOf(await get(t.headers.memberA, '/api/exports/assets.csv?search=CHILLER'));
    expect(records.slice(1).map((record) => record[1])).toEqual(['Searchable chiller']);
  });

  it('reads batch after batch, each asset once, newest first', async () => {
    const orgId = t.orgB.organization.id;
    for (const name of ['Batch 1', 'Batch 2', 'Batch 3', 'Batch 4', 'Batch 5']) {
      await createAssetViaApi(t.app, t.headers.adminB, { name });
    }
    const view = await resolveListView(t.db, orgId, ZAssetListView.parse({ search: 'Batch' }), '2026-01-01');
    const whole = await collect(assetCsvRows(t.db, view));
    const batched = await collect(assetCsvRows(t.db, view, 2));
    expect(batched).toEqual(whole);
    expect(batched.slice(1).map((record) => record[1])).toEqual([
      'Batch 5',
      'Batch 4',
      'Batch 3',
      'Batch 2',
      'Batch 1',
    ]);
  });

  it('refuses a visitor without a token and a search that is too long', async () => {
    expect((await get({}, '/api/exports/assets.csv')).statusCode).toBe(401);
    const tooLong = await get(t.headers.memberA, `/api/exports/assets.csv?search=${'x'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('GET /api/exports/events.csv', () => {
  const range = (from: string, to: string) =>
    `/api/exports/events.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

  async function recordEvent(headers: Record<string, string>, assetId: string, payload: object) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${assetId}/events`,
      headers,
      payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  it('answers the events performed within the range, oldest first, with their asset and custom values', async () => {
    const orgId = t.orgA.organization.id;
    const reading = await insertField(t.db, orgId, {
      target: 'MaintenanceEvent',
      label: 'Pressure',
      key: 'pressure',
      dataType: 'Number',
    });
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'History boiler' });
    await recordEvent(t.headers.memberA, asset.id, {
      title: 'Too early',
      performedAt: '2025-12-31T23:59:59.999Z',
    });
    await recordEvent(t.headers.memberA, asset.id, {
      title: 'Second check',
      performedAt: '2026-03-02T08:00:00.000Z',
      fields: [{ fieldId: reading.id, value: '-1.50' }],
    });
    await recordEvent(t.headers.memberA, asset.id, {
      title: 'First check',
      notes: '@risky note',
      performedAt: '2026-01-01T00:00:00.000Z',
    });
    const assetB = await createAssetViaApi(t.app, t.headers.adminB, { name: 'Boiler of B' });
    await recordEvent(t.headers.memberB, assetB.id, {
      title: 'B check',
      performedAt: '2026-02-01T00:00:00.000Z',
    });

    const records = recordsOf(
      await get(t.headers.memberA, range('2026-01-01T00:00:00Z', '2026-12-31T23:59:59Z')),
    );
    expect(records[0]).toEqual([...EVENT_CSV_COLUMNS, 'Pressure (number)']);
    expect(
      records.slice(1).map((record) => [record[0], record[2], record[3], record[5], record.at(-1)]),
    ).toEqual([
      [asset.slug, 'First check', '2026-01-01T00:00:00.000Z', "'@risky note", ''],
      [asset.slug, 'Second check', '2026-03-02T08:00:00.000Z', '', '-1.50'],
    ]);
    expect(records[1]?.[4]).toBe('Pending');
  });

  it('reads batch after batch, each event once', async () => {
    const orgId = t.orgA.organization.id;
    const whole = { from: new Date('2000-01-01T00:00:00Z'), to: new Date('2100-01-01T00:00:00Z') };
    const all = await collect(eventCsvRows(t.db, orgId, whole));
    expect(await collect(eventCsvRows(t.db, orgId, whole, 1))).toEqual(all);
    expect(all.length).toBeGreaterThan(3);
  });

  it('refuses a missing, malformed or reversed range with a clear message', async () => {
    const missing = await get(t.headers.memberA, '/api/exports/events.csv');
    expect(missing.statusCode).toBe(400);
    const malformed = await get(t.headers.memberA, range('yesterday', '2026-01-01T00:00:00Z'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain(EXPORT_MESSAGES.fromInvalid);
    const reversed = await get(t.headers.memberA, range('2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z'));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain(EXPORT_MESSAGES.toBeforeFrom);
    expect((await get({}, range('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'))).statusCode).toBe(401);
  });
});
