import { DISPLAY_ORDER_STEP, type TFieldTarget, type TImportColumnTarget } from '@mqr/contracts';
import { and, eq, max, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { assetFieldValues, assets, fieldDefinitions, users } from '#server/db/schema.ts';
import { generateSlug } from '#server/lib/slug.ts';
import { deleteAssetValues, insertAssetWithFreeSlug } from '../assets/index.ts';
import { type AuditRecord, diffChanges, recordAudits } from '../audit-logs/index.ts';
import { emitAssetEvents } from '../webhooks/index.ts';
import type { PlannedRow } from './asset-match.ts';
import { fileRowOf, type Placement } from './asset-placement.ts';
import { type ImportedMove, recordMoves, setParents } from './commit-placement.ts';
import type { Actor } from './import-kind.ts';
import type { CheckedRow, ImportPlan } from './plan.ts';
import { type ImportChange, type ImportRunRow, insertImportChanges, updateImportRun } from './queries.ts';

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

/** The audited view of an imported asset: name and the mapped columns, its values by field label. */
function snapshot(
  plan: ImportPlan,
  asset: { name: string; description?: string | null; externalId?: string | null },
  fieldValue: (fieldId: string, index: number) => string | null,
) {
  const shown: Record<string, string | null> = { name: asset.name };
  if (plan.columns.description !== undefined) shown.description = asset.description ?? null;
  if (plan.columns.externalId !== undefined) shown.externalId = asset.externalId ?? null;
  plan.fields.forEach((field, index) => {
    shown[field.rule.label] = fieldValue(field.fieldId!, index);
  });
  return shown;
}

/**
 * Writes one chunk of rows as `planRows` decides them (in the chunk's transaction, ADR 092): rows
 * that create an asset (with the row's slug, or one made from the name), rows that update the asset
 * they match (name and the mapped columns; an empty cell clears a mapped one, columns not imported
 * stay), rows that would change nothing write nothing. Assets, values, what an undo needs (ADR 093),
 * audit entries, webhook events and the import's progress (`rowsDone`: the stored row the chunk ends
 * with) commit together. Undefined when the import is no longer Importing.
 */
export async function commitChunk(
  db: Db,
  row: ImportRunRow,
  plan: ImportPlan,
  actor: Actor,
  planRows: (tx: DbOrTx) => Promise<PlannedRow[]>,
  rowsDone: number,
): Promise<ImportRunRow | undefined> {
  const organizationId = row.organizationId;
  const fieldIds = plan.fields.map((field) => field.fieldId);
  if (fieldIds.some((id) => id === null)) throw new Error('The import has fields still to create.');
  return db.transaction(async (tx) => {
    const planned = await planRows(tx);
    // The moment this chunk writes its assets: an asset whose updated_at differs later changed since.
    const writtenAt = new Date();
    const audits: AuditRecord[] = [];
    const values: { assetId: string; fieldId: string; value: string }[] = [];
    const changes: ImportChange[] = [];
    /** The mapped fields each updated asset's row leaves empty, by asset id. */
    const cleared = new Map<string, string[]>();
    /** What the webhooks say of the created and updated assets (ADR 064). */
    const created: { id: string; organizationId: string; slug: string; name: string }[] = [];
    const updated: typeof created = [];
    const creating = planned
      .filter((p) => p.action === 'create')
      .map(({ row: c, placement }) => ({ row: c, placement, slug: c.slug ?? generateSlug(c.name) }));
    /** The id of the asset each row created (`row:N`), which a later row may name as its parent. */
    const createdByRow = new Map<string, string>();
    const newAsset = (c: CheckedRow, placement: Placement) => ({
      organizationId,
      name: c.name,
      description: c.description,
      externalId: c.externalId,
      locationId: placement.locationId ?? null,
      importId: row.id,
      createdById: actor?.id ?? null,
      updatedById: actor?.id ?? null,
      updatedAt: writtenAt,
    });
    const inserted = creating.length
      ? await tx
          .insert(assets)
          .values(creating.map(({ row: c, placement, slug }) => ({ ...newAsset(c, placement), slug })))
          .onConflictDoNothing({ target: [assets.organizationId, assets.slug] })
          .returning({ id: assets.id, slug: assets.slug })
      : [];
    const insertedBySlug = new Map(inserted.map((asset) => [asset.slug, asset.id]));
    for (const { row: c, placement, slug } of creating) {
      let assetId = insertedBySlug.get(slug);
      let assetSlug = slug;
      if (!assetId) {
        // The file's slug was taken since the chunk began: the job fails and its retry sees that asset.
        if (c.slug) throw new Error(`The slug ${c.slug} was taken while the import ran.`);
        // A made-up slug that another asset holds (rare): made again until one is free.
        const made = await insertAssetWithFreeSlug(tx, newAsset(c, placement));
        assetId = made.id;
        assetSlug = made.slug;
      }
      const id = assetId;
      createdByRow.set(fileRowOf(c), id);
      created.push({ id, organizationId, slug: assetSlug, name: c.name });
      changes.push({ assetId: id, created: true, writtenAt, before: null });
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
    const moves: ImportedMove[] = [];
    for (const { row: c, asset, before, action, placement } of planned) {
      if (action !== 'update' || !asset || !before) continue;
      if ('locationId' in before && placement.locationId !== before.locationId) {
        moves.push({
          assetId: asset.id,
          name: c.name,
          slug: asset.slug,
          fromId: before.locationId ?? null,
          toId: placement.locationId ?? null,
        });
      }
      updated.push({ id: asset.id, organizationId, slug: asset.slug, name: c.name });
      changes.push({ assetId: asset.id, created: false, writtenAt, before });
      await tx
        .update(assets)
        .set({
          name: c.name,
          ...('description' in before ? { description: c.description } : {}),
          ...('externalId' in before ? { externalId: c.externalId } : {}),
          ...('locationId' in before ? { locationId: placement.locationId ?? null } : {}),
          updatedById: actor?.id ?? null,
          updatedAt: writtenAt,
        })
        .where(and(eq(assets.organizationId, organizationId), eq(assets.id, asset.id)));
      c.values.forEach((value, index) => {
        const fieldId = fieldIds[index]!;
        if (value === null) cleared.set(asset.id, [...(cleared.get(asset.id) ?? []), fieldId]);
        else values.push({ assetId: asset.id, fieldId, value });
      });
      audits.push({
        organizationId,
        actor,
        action: 'UPDATE',
        entityType: 'Asset',
        entityId: asset.id,
        entityName: c.name,
        changes: {
          changes: diffChanges(
            snapshot(plan, before, (fieldId) => before.values[fieldId] ?? null),
            snapshot(plan, c, (_, index) => c.values[index] ?? null),
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
          target: [assetFieldValues.assetId, assetFieldValues.fieldId, assetFieldValues.organizationId],
          set: { value: sql`excluded.value` },
        });
    }
    for (const [assetId, fieldIdsCleared] of cleared) {
      await deleteAssetValues(tx, organizationId, assetId, fieldIdsCleared);
    }
    await setParents(tx, organizationId, plan, planned, createdByRow, writtenAt);
    await recordMoves(tx, organizationId, { actor, ipAddress: null }, moves);
    await insertImportChanges(tx, organizationId, row.id, changes);
    await recordAudits(tx, audits);
    await emitAssetEvents(tx, 'asset.created', created);
    await emitAssetEvents(tx, 'asset.updated', updated);
    return updateImportRun(tx, organizationId, row.id, ['Importing'], {
      rowsDone,
      createdCount: row.createdCount + created.length,
      updatedCount: row.updatedCount + updated.length,
      unchangedCount: row.unchangedCount + planned.filter((p) => p.action === 'unchanged').length,
    });
  });
}
