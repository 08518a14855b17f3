import { ASSET_CSV_COLUMNS, SCHEDULE_CSV_COLUMNS } from '@mqr/contracts';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { createAssetViaApi, insertField } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// The column names we write are in the reader's language (ADR 111); custom fields keep their names.

const t = tenantWorld();

async function headerOf(headers: Record<string, string>, url: string): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return (parse(response.body, { bom: true }) as string[][])[0]!;
}

describe('the CSV files’ column names', () => {
  it('are French for a French reader and stay English for the others of the organization', async () => {
    const orgId = t.orgA.organization.id;
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, t.orgA.member.id));
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, t.orgA.admin.id));
    // "Nom" is a fixed column's name in French: the field's column takes its key there.
    await insertField(t.db, orgId, { label: 'Nom', key: 'nom_usuel', displayOrder: 1 });
    await insertField(t.db, orgId, { label: 'Name', key: 'name_en', displayOrder: 2 });
    await createAssetViaApi(t.app, t.headers.adminA, { name: 'Pompe' });

    expect(await headerOf(t.headers.memberA, '/api/exports/assets.csv')).toEqual([
      'Identifiant',
      'Nom',
      'Description',
      'ID externe',
      'Emplacement',
      'Équipement parent',
      'Créé le',
      'Modifié le',
      'nom_usuel',
      'Name',
    ]);
    expect(
      await headerOf(
        t.headers.memberA,
        '/api/exports/events.csv?from=2020-01-01T00:00:00Z&to=2030-01-01T00:00:00Z',
      ),
    ).toEqual([
      'Identifiant de l’équipement',
      'Nom de l’équipement',
      'Titre',
      'Effectuée le',
      'Statut',
      'Notes',
      'Enregistrée par',
      'Commencée le',
      'Commencée par',
      'Terminée le',
      'Terminée par',
      'Échéance',
      'Check-list',
      'Check-list étapes',
      'Check-list faites',
      'Check-list réussies',
      'Check-list signalées',
    ]);
    expect(await headerOf(t.headers.adminA, '/api/admin/schedules/export.csv')).toEqual([
      'Identifiant de l’équipement',
      'Nom de l’équipement',
      'Titre',
      'Notes',
      'Récurrence',
      'Compte à partir de',
      'Jours d’avance',
      'Commence le',
      'Se termine le',
      'Prochaine échéance',
      'Responsable',
      'Statut',
      'Priorité',
      'Compteur',
      'Utilisation tous les',
      'Selon ce qui arrive',
    ]);

    // The super administrator chose no language and the organization's is English.
    expect(await headerOf(t.headers.superA, '/api/exports/assets.csv')).toEqual([
      ...ASSET_CSV_COLUMNS,
      'Nom',
      'name_en',
    ]);
    expect(await headerOf(t.headers.superA, '/api/admin/schedules/export.csv')).toEqual([
      ...SCHEDULE_CSV_COLUMNS,
    ]);
  });
});
