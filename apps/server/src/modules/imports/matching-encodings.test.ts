import type { TImportReadingBody, TImportRun } from '@mqr/contracts';
import { asc, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { assets } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { importClient } from '#server/test/import-client.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// Matching and undo (ADRs 092, 093) on files kept as their bytes and read in their encoding (ADR
// 094): rows are matched, compared and written by their decoded cells.
const t = tenantWorld();
const { get, post, uploaded, checked, committed } = importClient(() => t.app);

type Headers = Record<string, string>;

async function freshOrganization() {
  const organization = await createOrganization(t.db);
  const admin = await createUser(t.db, organization.id, { isAdmin: true });
  return { organizationId: organization.id, headers: (await loginAs(t.app, admin)).headers };
}

/** The organization's assets as name, external ID and description, in the order they were made. */
const registerOf = (organizationId: string) =>
  t.db
    .select({ name: assets.name, externalId: assets.externalId, description: assets.description })
    .from(assets)
    .where(eq(assets.organizationId, organizationId))
    .orderBy(asc(assets.createdAt), asc(assets.name));

function setReading(headers: Headers, id: string, body: TImportReadingBody) {
  return t.app.inject({ method: 'PUT', url: `/api/admin/imports/${id}/reading`, headers, payload: body });
}

// Characters whose Windows-1252 byte (0x80, 0x96, 0x92) is another character when read byte for
// byte: a match on the stored bytes would miss them.
const EURO_ID = 'K–€-1';
const NAME = 'Kühler – Süd';

describe('matching and undo of files in other encodings', () => {
  it('matches a Windows-1252 file by its decoded external ID and name, and undoes its update', async () => {
    const { organizationId, headers } = await freshOrganization();
    await createAssetViaApi(t.app, headers, { name: NAME, externalId: EURO_ID, description: 'It’s old' });
    const file = (description: string) =>
      iconv.encode(
        `Name;External ID;Description\r\n${NAME};${EURO_ID};${description}\r\nLüfter;L-€2;\r\n`,
        'windows-1252',
      );

    const same = await checked(headers, (await uploaded(headers, file('It’s old'))).id);
    expect(same).toMatchObject({
      encoding: 'windows-1252',
      matchBy: 'externalId',
      problemCount: 0,
      planned: { create: 1, update: 0, unchanged: 1 },
    });

    const changed = await checked(headers, (await uploaded(headers, file('Cleaned – 5 €'))).id);
    expect(changed.planned).toMatchObject({ create: 1, update: 1, unchanged: 0 });
    expect(await committed(headers, changed.id)).toMatchObject({
      status: 'Done',
      createdCount: 1,
      updatedCount: 1,
    });
    expect(await registerOf(organizationId)).toEqual([
      { name: NAME, externalId: EURO_ID, description: 'Cleaned – 5 €' },
      { name: 'Lüfter', externalId: 'L-€2', description: null },
    ]);

    // Matched by name, the same file finds the assets in service whose names it gives.
    const byName = await uploaded(headers, file('Cleaned – 5 €'));
    const mapped = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/imports/${byName.id}/mapping`,
      headers,
      payload: { columns: byName.mapping, matchBy: 'name' },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect((await checked(headers, byName.id)).planned).toMatchObject({ create: 0, update: 0, unchanged: 2 });

    const undone = await post(headers, `/api/admin/imports/${changed.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await registerOf(organizationId)).toEqual([
      { name: NAME, externalId: EURO_ID, description: 'It’s old' },
    ]);
  });

  it('reads a Mac Roman file again in its encoding before matching, and forgets the last check', async () => {
    const { organizationId, headers } = await freshOrganization();
    await createAssetViaApi(t.app, headers, { name: 'Pompe à chaleur', externalId: 'PAC–1' });
    await createAssetViaApi(t.app, headers, { name: 'Boiler' });
    // Detected so or not, the file is Mac Roman ("à" is 0x88, "–" 0xD0), with an old Mac's line ends.
    const bytes = iconv.encode('Name,External ID\rPompe à chaleur,PAC–1\rBoiler,B–2\r', 'macintosh');
    const run = await uploaded(headers, bytes);
    const first = await checked(headers, run.id);
    expect(first).toMatchObject({ status: 'Checked', warningCount: 1 });
    const reading = { encoding: 'macintosh', numberFormat: 'point', dateOrder: 'YMD' } as const;
    const read = await setReading(headers, run.id, reading);
    expect(read.statusCode, read.body).toBe(200);
    const again: TImportRun = read.json();
    // Whatever the first check found no longer counts, its plan and warnings included.
    expect(again).toMatchObject({
      status: 'Uploaded',
      encoding: 'macintosh',
      matchBy: 'externalId',
      problemCount: 0,
      warningCount: 0,
      planned: null,
    });
    expect(await checked(headers, run.id)).toMatchObject({
      problemCount: 0,
      warningCount: 1,
      planned: { create: 1, update: 0, unchanged: 1 },
    });
    expect(await committed(headers, run.id)).toMatchObject({ status: 'Done', createdCount: 1 });
    expect((await registerOf(organizationId)).map((asset) => asset.externalId)).toEqual([
      'PAC–1',
      null,
      'B–2',
    ]);
    expect((await get(headers, `/api/admin/imports/${run.id}`)).json()).toMatchObject({ unchangedCount: 1 });
  });
});
