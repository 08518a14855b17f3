import type { TFieldDefinitionBody } from '@mqr/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { auditLogEntries, fieldDefinitions } from '../db/schema.ts';

type FieldRow = typeof fieldDefinitions.$inferSelect;

/**
 * Inserts a field definition directly (Text, Asset, active, optional and public, as a field made on
 * the fields screen, unless overridden).
 */
export async function insertField(
  db: DbOrTx,
  organizationId: string,
  overrides: Partial<typeof fieldDefinitions.$inferInsert> = {},
): Promise<FieldRow> {
  const key = overrides.key ?? `field_${Math.random().toString(36).slice(2, 10)}`;
  const [row] = await db
    .insert(fieldDefinitions)
    .values({
      organizationId,
      target: 'Asset',
      label: key,
      key,
      dataType: 'Text',
      isPublic: true,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A stored field definition, as the queries answer it, for unit tests (Text on Asset, active, optional, public). */
export function fieldDefinitionRow(overrides: Partial<FieldRow>): FieldRow {
  return {
    id: 'f-id',
    organizationId: 'org',
    target: 'Asset',
    label: 'Field',
    key: 'field',
    dataType: 'Text',
    isRequired: false,
    maxLength: null,
    options: null,
    displayOrder: 0,
    isActive: true,
    isPublic: true,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...overrides,
  };
}

/** A complete field definition payload (Text on Asset) with overrides. */
export function fieldBody(overrides: Partial<TFieldDefinitionBody> = {}): TFieldDefinitionBody {
  return {
    target: 'Asset',
    label: 'Serial number',
    key: `serial_${Math.random().toString(36).slice(2, 8)}`,
    dataType: 'Text',
    isRequired: false,
    maxLength: null,
    optionsJson: null,
    displayOrder: 0,
    isActive: true,
    ...overrides,
  };
}

/** Creates an asset through the API and returns its JSON; throws with the body when refused. */
export async function createAssetViaApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
  // biome-ignore lint/suspicious/noExplicitAny: test helper answering the parsed JSON
): Promise<any> {
  const response = await app.inject({ method: 'POST', url: '/api/assets', headers, payload });
  if (response.statusCode !== 201) {
    throw new Error(`create asset failed: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/** Records an event of an asset through the API and returns its JSON; throws with the body when refused. */
export async function recordEventViaApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  assetId: string,
  payload: Record<string, unknown>,
  // biome-ignore lint/suspicious/noExplicitAny: test helper answering the parsed JSON
): Promise<any> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/assets/${assetId}/events`,
    headers,
    payload,
  });
  if (response.statusCode !== 201) {
    throw new Error(`record event failed: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/** The audit entries of one entity, newest first. */
export async function auditEntriesOf(db: DbOrTx, organizationId: string, entityId: string) {
  return db
    .select()
    .from(auditLogEntries)
    .where(and(eq(auditLogEntries.organizationId, organizationId), eq(auditLogEntries.entityId, entityId)))
    .orderBy(desc(auditLogEntries.createdAt), desc(auditLogEntries.id));
}
