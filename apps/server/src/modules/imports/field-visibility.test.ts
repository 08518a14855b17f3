import { readFile } from 'node:fs/promises';
import type { TImportColumnTarget } from '@mqr/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assets, fieldDefinitions } from '#server/db/schema.ts';
import { importClient } from '#server/test/import-client.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// A field an import creates is internal unless the mapping says public (ADR 091), shown with
// Snipe-IT's own sample export, whose columns name the people assets are checked out to.

const t = tenantWorld();
const { uploaded, map, checked, committed } = importClient(() => t.app);

const snipeSample = () =>
  readFile(new URL('../../test/peer-files/snipeit-assets-sample.csv', import.meta.url));

const newFieldsOf = (mapping: TImportColumnTarget[]) =>
  mapping.filter((target) => target.kind === 'newField');

async function publicPageOf(organizationId: string, slug: string) {
  const response = await t.app.inject({ url: `/public/orgs/${organizationId}/assets/${slug}` });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('the fields an import creates', () => {
  it('are proposed internal, and Snipe-IT’s people and costs stay off the public page', async () => {
    const orgId = t.orgA.organization.id;
    const run = await uploaded(t.headers.adminA, await snipeSample());
    expect(run.format).toBe('Snipe-IT');
    const proposed = newFieldsOf(run.mapping);
    expect(proposed.map((target) => target.label)).toEqual(
      expect.arrayContaining(['Checked Out To: Email', 'Checked Out To: Last Name', 'Purchase Cost']),
    );
    expect(proposed.every((target) => target.kind === 'newField' && !target.isPublic)).toBe(true);
    expect(await checked(t.headers.adminA, run.id)).toMatchObject({ status: 'Checked', problemCount: 0 });
    expect(await committed(t.headers.adminA, run.id)).toMatchObject({
      status: 'Done',
      createdCount: run.rowCount,
    });

    const made = await t.db
      .select({ label: fieldDefinitions.label, isPublic: fieldDefinitions.isPublic })
      .from(fieldDefinitions)
      .where(eq(fieldDefinitions.organizationId, orgId));
    expect(made).toHaveLength(proposed.length);
    expect(made.every((field) => !field.isPublic)).toBe(true);
    // Row 3 of the file is checked out to a person; its asset tag is its external ID (ADR 092).
    const [dragline] = await t.db
      .select()
      .from(assets)
      .where(and(eq(assets.organizationId, orgId), eq(assets.externalId, 'WBH-2841795')));
    const page = await publicPageOf(orgId, dragline!.slug);
    expect(page.json()).toMatchObject({ name: 'Dragline', fields: [] });
    for (const value of ['gmccrackem2a', 'Gage', 'McCrackem', '1292.94', 'Purchase Cost']) {
      expect(page.body).not.toContain(value);
    }
  });

  it('are public when the mapping says so, and only those', async () => {
    const orgId = t.orgB.organization.id;
    const csv = 'Name,Room,Owner email\r\nFire door 1,Stairwell A,pat@example.org\r\n';
    const run = await uploaded(t.headers.adminB, csv);
    expect(run.mapping.map((target) => (target.kind === 'newField' ? target.isPublic : target.kind))).toEqual(
      ['name', false, false],
    );
    const chosen = run.mapping.map((target) =>
      target.kind === 'newField' && target.label === 'Room' ? { ...target, isPublic: true } : target,
    );
    const saved = await map(t.headers.adminB, run.id, chosen);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().mapping[1]).toMatchObject({ kind: 'newField', isPublic: true });
    await checked(t.headers.adminB, run.id);
    expect(await committed(t.headers.adminB, run.id)).toMatchObject({ status: 'Done', createdCount: 1 });
    const [door] = await t.db.select().from(assets).where(eq(assets.organizationId, orgId));
    const page = await publicPageOf(orgId, door!.slug);
    expect(page.json().fields).toEqual([{ label: 'Room', value: 'Stairwell A' }]);
    expect(page.body).not.toContain('pat@example.org');
  });

  it('left out of a mapping sent by an older client, are internal', async () => {
    const run = await uploaded(t.headers.adminB, 'Name,Badge number\r\nGate,B-17\r\n');
    const { isPublic: _, ...withoutVisibility } = run.mapping[1] as Extract<
      TImportColumnTarget,
      { kind: 'newField' }
    >;
    const saved = await map(t.headers.adminB, run.id, [
      { kind: 'name' },
      withoutVisibility as TImportColumnTarget,
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().mapping[1]).toMatchObject({
      kind: 'newField',
      label: 'Badge number',
      isPublic: false,
    });
  });
});
