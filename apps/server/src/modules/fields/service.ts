import {
  API_MESSAGES,
  FIELD_MESSAGES,
  normalizeOptions,
  type TFieldDefinition,
  type TFieldTarget,
  type ZFieldDefinitionBody,
} from '@mqr/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { diffChanges, recordAudit } from '../audit-logs/index.ts';
import {
  type FieldDefinitionRow,
  fieldHasValues,
  findFieldDefinition,
  findFieldDefinitionByKey,
  insertFieldDefinition,
  listFieldDefinitions,
  updateFieldDefinition,
} from './queries.ts';

export type { FieldDefinitionRow };
export type FieldDefinitionInput = z.output<typeof ZFieldDefinitionBody>;

export const FIELD_RULE_MESSAGES = {
  targetFixed: API_MESSAGES.fieldTargetFixed,
  dataTypeFixed: API_MESSAGES.fieldDataTypeFixed,
} as const;

const UNIQUE_KEY_INDEX = 'field_definitions_org_target_key_unique';

export interface ActionContext {
  actor: AuthUser;
  ipAddress: string;
}

export function toFieldDefinition(row: FieldDefinitionRow): TFieldDefinition {
  return {
    id: row.id,
    target: row.target,
    label: row.label,
    key: row.key,
    dataType: row.dataType,
    isRequired: row.isRequired,
    isActive: row.isActive,
    isPublic: row.isPublic,
    maxLength: row.maxLength,
    optionsJson: row.options ? JSON.stringify(row.options) : null,
    displayOrder: row.displayOrder,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The columns a payload sets: maxLength only for Text, options only for Select (null when empty), and
 * the visibility it gives, else `isPublic` (public for a new field, the stored one on an update).
 */
function columnsFromBody(body: FieldDefinitionInput, isPublic: boolean) {
  return {
    isPublic: body.isPublic ?? isPublic,
    target: body.target,
    label: body.label,
    key: body.key.trim().toLowerCase(),
    dataType: body.dataType,
    isRequired: body.isRequired,
    isActive: body.isActive,
    maxLength: body.dataType === 'Text' ? (body.maxLength ?? null) : null,
    options: body.dataType === 'Select' ? (normalizeOptions(body.optionsJson) ?? null) : null,
    displayOrder: body.displayOrder,
  };
}

const keyTaken = () =>
  new AppError('CONFLICT', FIELD_MESSAGES.keyTaken, {
    fields: [{ path: 'key', message: FIELD_MESSAGES.keyTaken }],
  });

function auditSnapshot(row: Pick<FieldDefinitionRow, keyof ReturnType<typeof columnsFromBody>>) {
  return {
    target: row.target,
    label: row.label,
    key: row.key,
    dataType: row.dataType,
    isRequired: row.isRequired,
    isActive: row.isActive,
    isPublic: row.isPublic,
    maxLength: row.maxLength,
    options: row.options,
    displayOrder: row.displayOrder,
  };
}

export async function listFields(
  db: DbOrTx,
  organizationId: string,
  filter: { target?: TFieldTarget | undefined; includeInactive: boolean },
): Promise<TFieldDefinition[]> {
  const rows = await listFieldDefinitions(db, organizationId, filter);
  return rows.map(toFieldDefinition);
}

/** Every definition of a target (active and retired) of an organization, for checking saved values. */
export function getFieldDefinitionRows(
  db: DbOrTx,
  organizationId: string,
  target: TFieldTarget,
): Promise<FieldDefinitionRow[]> {
  return listFieldDefinitions(db, organizationId, { target, includeInactive: true });
}

export async function createField(
  db: Db,
  context: ActionContext,
  body: FieldDefinitionInput,
): Promise<TFieldDefinition> {
  const organizationId = context.actor.organizationId;
  // Public unless the administrator unticks it, as the public page listed every field before (ADR 091).
  const columns = columnsFromBody(body, true);
  if (await findFieldDefinitionByKey(db, organizationId, columns.target, columns.key)) throw keyTaken();
  try {
    const row = await db.transaction(async (tx) => {
      const created = await insertFieldDefinition(tx, { ...columns, organizationId });
      await recordAudit(tx, {
        organizationId,
        actor: context.actor,
        action: 'CREATE',
        entityType: 'FieldDefinition',
        entityId: created.id,
        entityName: created.label,
        changes: { created: true },
        ipAddress: context.ipAddress,
      });
      return created;
    });
    return toFieldDefinition(row);
  } catch (error) {
    if (isUniqueViolation(error, UNIQUE_KEY_INDEX)) throw keyTaken();
    throw error;
  }
}

/**
 * Replaces a definition (the admin form and Activate/Deactivate resubmit the whole of it). The target
 * never changes (400), and the data type does not change once values are stored (409), so stored
 * values keep their meaning.
 */
export async function updateField(
  db: Db,
  context: ActionContext,
  id: string,
  body: FieldDefinitionInput,
): Promise<TFieldDefinition> {
  const organizationId = context.actor.organizationId;
  if (!isUuid(id)) throw notFound('Field');
  try {
    const row = await db.transaction(async (tx) => {
      const existing = await findFieldDefinition(tx, organizationId, id);
      if (!existing) throw notFound('Field');
      const columns = columnsFromBody(body, existing.isPublic);
      if (columns.target !== existing.target) {
        throw new AppError('VALIDATION', FIELD_RULE_MESSAGES.targetFixed, {
          fields: [{ path: 'target', message: FIELD_RULE_MESSAGES.targetFixed }],
        });
      }
      if (columns.key !== existing.key) {
        const other = await findFieldDefinitionByKey(tx, organizationId, columns.target, columns.key);
        if (other && other.id !== existing.id) throw keyTaken();
      }
      if (columns.dataType !== existing.dataType && (await fieldHasValues(tx, organizationId, existing))) {
        throw new AppError('CONFLICT', FIELD_RULE_MESSAGES.dataTypeFixed, {
          fields: [{ path: 'dataType', message: FIELD_RULE_MESSAGES.dataTypeFixed }],
        });
      }
      const updated = await updateFieldDefinition(tx, organizationId, id, {
        ...columns,
        updatedAt: new Date(),
      });
      await recordAudit(tx, {
        organizationId,
        actor: context.actor,
        action: 'UPDATE',
        entityType: 'FieldDefinition',
        entityId: updated.id,
        entityName: updated.label,
        changes: { changes: diffChanges(auditSnapshot(existing), auditSnapshot(updated)) },
        ipAddress: context.ipAddress,
      });
      return updated;
    });
    return toFieldDefinition(row);
  } catch (error) {
    if (isUniqueViolation(error, UNIQUE_KEY_INDEX)) throw keyTaken();
    throw error;
  }
}
