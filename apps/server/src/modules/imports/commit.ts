import {
  ASSET_MESSAGES,
  DISPLAY_ORDER_STEP,
  type TFieldTarget,
  type TImportColumnTarget,
} from '@mqr/contracts';
import { and, eq, max, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { assetFieldValues, assets, fieldDefinitions, users } from '#server/db/schema.ts';
import { generateSlug } from '#server/lib/slug.ts';
import { deleteAssetValues, findValuesOfAssets } from '../assets/queries.ts';
import { insertAssetWithFreeSlug } from '../assets/service.ts';
import { type AuditRecord, diffChanges, recordAudits } from '../audit-logs/service.ts';
import { emitAssetEvents } from '../webhooks/service.ts';
import type { Actor } from './import-kind.ts';
import type { CheckedRow, ImportPlan } from './plan.ts';
import { findAssetsBySlugs, type ImportRunRow, updateImportRun } from './queries.ts';

/** Who started the import, as its audit entries name them (null once the user is gone). */
export async function actorOf(db: Db, row: ImportRunRow): Promise<Actor> {
  if (!row.createdById) return null;
  const [user] = await db
    .select({ id: users.id, displayName: users.displayName, email: users.email })
    .from(users)
    .where(eq(users.id, row.createdById))
    .limit(1);
  return user ?? null;
}

/**
 * Creates the custom fields the mapping asks for, public or internal as it says (after the
 * organization's last field of the target, each with a CREATE audit entry) and points the mapping
 * at them, in one transaction: a commit run again after a crash finds them made.
 */
export async function createNewFields(
  db: Db,
  row: ImportRunRow,
  plan: ImportPlan,
  target: TFieldTarget,
): Promise<ImportRunRow> {
  const wanted = plan.fields.filter((field) => field.newField);
  if (wanted.length === 0) return row;
  const actor = await actorOf(db, row);
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ order: max(fieldDefinitions.displayOrder) })
      .from(fieldDefinitions)
      .where(
        and(eq(fieldDefinitions.organizationId, row.organizationId), eq(fieldDefinitions.target, target)),
      );
    let displayOrder = last?.order ?? 0;
    const mapping: TImportColumnTarget[] = [...row.mapping];
    const audits: AuditRecord[] = [];
    for (const field of wanted) {
      const spec = field.newField!;
      displayOrder += DISPLAY_ORDER_STEP;
      const [created] = await tx
        .insert(fieldDefinitions)
        .values({
          organizationId: row.organizationId,
          target,
          label: spec.label,
          key: spec.key,
          dataType: spec.dataType,
          options: spec.options,
          isPublic: spec.isPublic,
          displayOrder,
        })
        .returning();
      if (!created) throw new Error('The field was not created.');
      mapping[field.column] = { kind: 'field', fieldId: created.id };
      audits.push({
        organizationId: row.organizationId,
        actor,
        action: 'CREATE',
        entityType: 'FieldDefinition',
        entityId: created.id,
        entityName: created.label,
        changes: { created: true, import: row.fileName },
        ipAddress: null,
      });
    }
    await recordAudits(tx, audits);
    const updated = await updateImportRun(tx, row.organizationId, row.id, ['Importing'], { mapping });
    if (!updated) throw new Error('The import stopped while its fields were created.');
    return updated;
  });
}

/** The stored values of these fields of these assets, by `assetId/fieldId`. */
async function storedValues(tx: DbOrTx, organizationId: string, assetIds: string[], fieldIds: string[]) {
  if (assetIds.length === 0 || fieldIds.length === 0) return new Map<string, string>();
  const rows = await findValuesOfAssets(tx, organizationId, assetIds, fieldIds);
  return new Map(rows.map((r) => [`${r.assetId}/${r.fieldId}`, r.value]));
}

/** The audited view of an imported asset: name, description and its imported values by field label. */
function snapshot(plan: ImportPlan, name: string, description: string | null, values: (string | null)[]) {
  const byLabel: Record<string, string | null> = {};
  plan.fields.forEach((field, index) => {
    byLabel[field.rule.label] = values[index] ?? null;
  });
  return { name, description, ...byLabel };
}

/**
 * Writes one chunk of checked rows: rows whose slug the organization has update that asset (name,
 * description and the mapped fields; other fields stay), the others create one (with the row's slug,
 * or one made from the name). Asset, values, audit entries and the import's progress (`rowsDone`:
 * the stored row the chunk ends with) commit together. Undefined when the import is no longer
 * Importing.
 */
export async function commitChunk(
  db: Db,
  row: ImportRunRow,
  plan: ImportPlan,
  actor: Actor,
  checked: CheckedRow[],
  rowsDone: number,
): Promise<ImportRunRow | undefined> {
  const organizationId = row.organizationId;
  const fieldIds = plan.fields.map((field) => field.fieldId);
  if (fieldIds.some((id) => id === null)) throw new Error('The import has fields still to create.');
  return db.transaction(async (tx) => {
    const slugs = checked.flatMap((c) => (c.slug ? [c.slug] : []));
    const existing = new Map(
      (await findAssetsBySlugs(tx, organizationId, slugs)).map((asset) => [asset.slug, asset]),
    );
    const audits: AuditRecord[] = [];
    const values: { assetId: string; fieldId: string; value: string }[] = [];
    /** The mapped fields each updated asset's row leaves empty, by asset id. */
    const cleared = new Map<string, string[]>();
    let createdCount = 0;
    let updatedCount = 0;
    /** What the webhooks say of the created and updated assets (ADR 064). */
    const created: { id: string; organizationId: string; slug: string; name: string }[] = [];
    const updated: typeof created = [];
    const toCreate = checked
      .filter((c) => !c.slug || !existing.has(c.slug))
      .map((c) => ({ row: c, slug: c.slug ?? generateSlug(c.name) }));
    const inserted = toCreate.length
      ? await tx
          .insert(assets)
          .values(
            toCreate.map(({ row: c, slug }) => ({
              organizationId,
              name: c.name,
              description: c.description,
              slug,
              importId: row.id,
              createdById: actor?.id ?? null,
              updatedById: actor?.id ?? null,
            })),
          )
          .onConflictDoNothing({ target: [assets.organizationId, assets.slug] })
          .returning({ id: assets.id, slug: assets.slug })
      : [];
    const insertedBySlug = new Map(inserted.map((asset) => [asset.slug, asset.id]));
    for (const { row: c, slug } of toCreate) {
      let assetId = insertedBySlug.get(slug);
      let assetSlug = slug;
      if (!assetId) {
        // The file's slug was taken since the chunk began: the job fails and its retry updates that asset.
        if (c.slug) throw new Error(`The slug ${c.slug} was taken while the import ran.`);
        // A made-up slug that another asset holds (rare): made again until one is free.
        const made = await insertAssetWithFreeSlug(tx, {
          organizationId,
          name: c.name,
          description: c.description,
          importId: row.id,
          createdById: actor?.id ?? null,
          updatedById: actor?.id ?? null,
        });
        assetId = made.id;
        assetSlug = made.slug;
      }
      const id = assetId;
      createdCount += 1;
      created.push({ id, organizationId, slug: assetSlug, name: c.name });
      c.values.forEach((value, index) => {
        if (value !== null) values.push({ assetId: id, fieldId: fieldIds[index]!, value });
      });
      audits.push({
        organizationId,
        actor,
        action: 'CREATE',
        entityType: 'Asset',
        entityId: id,
        entityName: c.name,
        changes: { created: true, import: row.fileName },
        ipAddress: null,
      });
    }
    const updates = checked.flatMap((c) => {
      const asset = c.slug ? existing.get(c.slug) : undefined;
      return asset ? [{ row: c, asset }] : [];
    });
    const before = await storedValues(
      tx,
      organizationId,
      updates.map((u) => u.asset.id),
      fieldIds as string[],
    );
    for (const { row: c, asset } of updates) {
      // Retired since the check: the import stops here, as when a row no longer passes.
      if (asset.retiredAt) throw new Error(`Row ${c.rowNumber}: ${ASSET_MESSAGES.retired}`);
      updatedCount += 1;
      updated.push({ id: asset.id, organizationId, slug: asset.slug, name: c.name });
      await tx
        .update(assets)
        .set({
          name: c.name,
          description: c.description,
          updatedById: actor?.id ?? null,
          updatedAt: new Date(),
        })
        .where(and(eq(assets.organizationId, organizationId), eq(assets.id, asset.id)));
      c.values.forEach((value, index) => {
        const fieldId = fieldIds[index]!;
        if (value === null) cleared.set(asset.id, [...(cleared.get(asset.id) ?? []), fieldId]);
        else values.push({ assetId: asset.id, fieldId, value });
      });
      const old = fieldIds.map((fieldId) => before.get(`${asset.id}/${fieldId}`) ?? null);
      audits.push({
        organizationId,
        actor,
        action: 'UPDATE',
        entityType: 'Asset',
        entityId: asset.id,
        entityName: c.name,
        changes: {
          changes: diffChanges(
            snapshot(plan, asset.name, asset.description, old),
            snapshot(plan, c.name, c.description, c.values),
          ),
          import: row.fileName,
        },
        ipAddress: null,
      });
    }
    if (values.length > 0) {
      await tx
        .insert(assetFieldValues)
        .values(values.map((value) => ({ ...value, organizationId })))
        .onConflictDoUpdate({
          target: [assetFieldValues.assetId, assetFieldValues.fieldId],
          set: { value: sql`excluded.value` },
        });
    }
    for (const [assetId, fieldIdsCleared] of cleared) {
      await deleteAssetValues(tx, organizationId, assetId, fieldIdsCleared);
    }
    await recordAudits(tx, audits);
    await emitAssetEvents(tx, 'asset.created', created);
    await emitAssetEvents(tx, 'asset.updated', updated);
    return updateImportRun(tx, organizationId, row.id, ['Importing'], {
      rowsDone,
      createdCount: row.createdCount + createdCount,
      updatedCount: row.updatedCount + updatedCount,
    });
  });
}
