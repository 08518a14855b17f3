import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import {
  assetFieldValues,
  eventFieldValues,
  type FIELD_TARGETS,
  fieldDefinitions,
} from '#server/db/schema.ts';

export type FieldDefinitionRow = typeof fieldDefinitions.$inferSelect;
export type FieldDefinitionInsert = typeof fieldDefinitions.$inferInsert;
type Target = (typeof FIELD_TARGETS)[number];

export async function listFieldDefinitions(
  db: DbOrTx,
  organizationId: string,
  filter: { target?: Target | undefined; includeInactive: boolean },
): Promise<FieldDefinitionRow[]> {
  const conditions: SQL[] = [eq(fieldDefinitions.organizationId, organizationId)];
  if (filter.target) conditions.push(eq(fieldDefinitions.target, filter.target));
  if (!filter.includeInactive) conditions.push(eq(fieldDefinitions.isActive, true));
  return db
    .select()
    .from(fieldDefinitions)
    .where(and(...conditions))
    .orderBy(asc(fieldDefinitions.displayOrder), asc(fieldDefinitions.label), asc(fieldDefinitions.id));
}

export async function findFieldDefinition(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<FieldDefinitionRow | undefined> {
  const [row] = await db
    .select()
    .from(fieldDefinitions)
    .where(and(eq(fieldDefinitions.organizationId, organizationId), eq(fieldDefinitions.id, id)))
    .limit(1);
  return row;
}

export async function findFieldDefinitionByKey(
  db: DbOrTx,
  organizationId: string,
  target: Target,
  key: string,
): Promise<FieldDefinitionRow | undefined> {
  const [row] = await db
    .select()
    .from(fieldDefinitions)
    .where(
      and(
        eq(fieldDefinitions.organizationId, organizationId),
        eq(fieldDefinitions.target, target),
        eq(fieldDefinitions.key, key),
      ),
    )
    .limit(1);
  return row;
}

export async function insertFieldDefinition(
  db: DbOrTx,
  values: FieldDefinitionInsert,
): Promise<FieldDefinitionRow> {
  const [row] = await db.insert(fieldDefinitions).values(values).returning();
  return row!;
}

export async function updateFieldDefinition(
  db: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<FieldDefinitionInsert>,
): Promise<FieldDefinitionRow> {
  const [row] = await db
    .update(fieldDefinitions)
    .set(values)
    .where(and(eq(fieldDefinitions.organizationId, organizationId), eq(fieldDefinitions.id, id)))
    .returning();
  return row!;
}

/** True when any asset or event stores a value for this definition. */
export async function fieldHasValues(
  db: DbOrTx,
  organizationId: string,
  field: FieldDefinitionRow,
): Promise<boolean> {
  const table = field.target === 'Asset' ? assetFieldValues : eventFieldValues;
  const rows = await db
    .select({ fieldId: table.fieldId })
    .from(table)
    .where(and(eq(table.organizationId, organizationId), eq(table.fieldId, field.id)))
    .limit(1);
  return rows.length > 0;
}
