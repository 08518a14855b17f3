import type { TChecklistStep, TCheckOutcome } from '@mqr/contracts';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { countUpTo } from '#server/db/count.ts';
import { containsPattern } from '#server/db/like.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import {
  assets,
  checklistResponses,
  checklistTemplates,
  checklistTemplateVersions,
  files,
  maintenanceEvents,
  users,
} from '#server/db/schema.ts';
import { COUNT_CAP } from '#server/lib/paging.ts';

export type TemplateRow = typeof checklistTemplates.$inferSelect;
export type VersionRow = typeof checklistTemplateVersions.$inferSelect;
export type FileRow = typeof files.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Templates and their versions

/** A template with its current version's steps (and how many). */
export interface TemplateView extends TemplateRow {
  steps: TChecklistStep[];
  versionId: string;
}

const templateViewColumns = {
  template: checklistTemplates,
  steps: checklistTemplateVersions.steps,
  versionId: checklistTemplateVersions.id,
};

function selectTemplateViews(db: DbOrTx, organizationId: string) {
  return db
    .select(templateViewColumns)
    .from(checklistTemplates)
    .innerJoin(
      checklistTemplateVersions,
      and(
        eq(checklistTemplateVersions.organizationId, organizationId),
        eq(checklistTemplateVersions.templateId, checklistTemplates.id),
        eq(checklistTemplateVersions.version, checklistTemplates.currentVersion),
      ),
    );
}

const toView = (row: {
  template: TemplateRow;
  steps: TChecklistStep[];
  versionId: string;
}): TemplateView => ({
  ...row.template,
  steps: row.steps,
  versionId: row.versionId,
});

/** The list's rows: active or archived templates, by name; `q` narrows by name. */
function listCondition(organizationId: string, query: { q?: string | undefined; archived: boolean }) {
  return and(
    eq(checklistTemplates.organizationId, organizationId),
    query.archived ? isNotNull(checklistTemplates.archivedAt) : isNull(checklistTemplates.archivedAt),
    query.q ? sql`${checklistTemplates.name} ilike ${containsPattern(query.q)}` : undefined,
  );
}

/** A page of the organization's templates by name (the index's order), with how many there are. */
export async function listTemplates(
  db: DbOrTx,
  organizationId: string,
  query: { q?: string | undefined; archived: boolean; page: number; pageSize: number },
): Promise<{ rows: TemplateView[]; total: number }> {
  const where = listCondition(organizationId, query);
  const [rows, total] = await Promise.all([
    selectTemplateViews(db, organizationId)
      .where(where)
      .orderBy(sql`lower(${checklistTemplates.name})`, asc(checklistTemplates.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countUpTo(db, checklistTemplates, where, COUNT_CAP),
  ]);
  return { rows: rows.map(toView), total };
}

/** One template of the organization with its current steps, or undefined (`forUpdate`: locked). */
export async function findTemplate(
  db: DbOrTx,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TemplateView | undefined> {
  const query = selectTemplateViews(db, organizationId)
    .where(and(eq(checklistTemplates.organizationId, organizationId), eq(checklistTemplates.id, id)))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update', { of: checklistTemplates }) : query);
  return row ? toView(row) : undefined;
}

/** A template's versions, newest first, with their step counts and who made them. */
export async function findVersions(db: DbOrTx, organizationId: string, templateId: string) {
  return db
    .select({
      version: checklistTemplateVersions.version,
      stepCount: sql<number>`jsonb_array_length(${checklistTemplateVersions.steps})::int`,
      createdAt: checklistTemplateVersions.createdAt,
      createdBy: users.displayName,
    })
    .from(checklistTemplateVersions)
    .leftJoin(users, eq(users.id, checklistTemplateVersions.createdById))
    .where(
      and(
        eq(checklistTemplateVersions.organizationId, organizationId),
        eq(checklistTemplateVersions.templateId, templateId),
      ),
    )
    .orderBy(desc(checklistTemplateVersions.version));
}

export async function insertTemplate(
  tx: DbOrTx,
  values: typeof checklistTemplates.$inferInsert,
): Promise<TemplateRow> {
  const [row] = await tx.insert(checklistTemplates).values(values).returning();
  return row!;
}

export async function insertVersion(
  tx: DbOrTx,
  values: typeof checklistTemplateVersions.$inferInsert,
): Promise<VersionRow> {
  const [row] = await tx.insert(checklistTemplateVersions).values(values).returning();
  return row!;
}

export async function updateTemplate(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<Pick<TemplateRow, 'name' | 'currentVersion' | 'archivedAt' | 'updatedById' | 'updatedAt'>>,
): Promise<void> {
  await tx
    .update(checklistTemplates)
    .set(values)
    .where(and(eq(checklistTemplates.organizationId, organizationId), eq(checklistTemplates.id, id)));
}

/** The current version of a template of the organization (its id), and whether it is archived; undefined when no such template. */
export async function findCurrentVersion(
  db: DbOrTx,
  organizationId: string,
  templateId: string,
): Promise<{ versionId: string; archived: boolean } | undefined> {
  const [row] = await db
    .select({ versionId: checklistTemplateVersions.id, archivedAt: checklistTemplates.archivedAt })
    .from(checklistTemplates)
    .innerJoin(
      checklistTemplateVersions,
      and(
        eq(checklistTemplateVersions.templateId, checklistTemplates.id),
        eq(checklistTemplateVersions.version, checklistTemplates.currentVersion),
      ),
    )
    .where(and(eq(checklistTemplates.organizationId, organizationId), eq(checklistTemplates.id, templateId)))
    .limit(1);
  return row ? { versionId: row.versionId, archived: row.archivedAt !== null } : undefined;
}

// ---------------------------------------------------------------------------------------------
// A task's checklist

/** A task with its checklist version (template, version, steps) and its asset's state. */
export interface TaskChecklistRow {
  eventId: string;
  organizationId: string;
  assetId: string;
  assetName: string;
  assetSlug: string;
  assetRetiredAt: Date | null;
  title: string;
  taskStatus: 'Pending' | 'InProgress' | 'Completed';
  taskCompletedAt: Date | null;
  taskCompletedBy: string | null;
  createdAt: Date;
  priority: number;
  versionId: string | null;
  templateId: string | null;
  name: string | null;
  version: number | null;
  steps: TChecklistStep[] | null;
}

function selectTaskChecklist(db: DbOrTx) {
  const organizationId = sql.placeholder('organizationId');
  return db
    .select({
      eventId: maintenanceEvents.id,
      organizationId: maintenanceEvents.organizationId,
      assetId: maintenanceEvents.assetId,
      assetName: assets.name,
      assetSlug: assets.slug,
      assetRetiredAt: assets.retiredAt,
      title: maintenanceEvents.title,
      taskStatus: maintenanceEvents.taskStatus,
      taskCompletedAt: maintenanceEvents.taskCompletedAt,
      taskCompletedBy: sql<
        string | null
      >`coalesce((select u.display_name from ${users} u where u.id = ${maintenanceEvents.taskCompletedById}), ${maintenanceEvents.taskCompletedByName})`,
      createdAt: maintenanceEvents.createdAt,
      priority: maintenanceEvents.priority,
      versionId: checklistTemplateVersions.id,
      templateId: checklistTemplates.id,
      name: checklistTemplates.name,
      version: checklistTemplateVersions.version,
      steps: checklistTemplateVersions.steps,
    })
    .from(maintenanceEvents)
    .innerJoin(
      assets,
      and(eq(assets.organizationId, organizationId), eq(assets.id, maintenanceEvents.assetId)),
    )
    .leftJoin(
      checklistTemplateVersions,
      and(
        eq(checklistTemplateVersions.organizationId, organizationId),
        eq(checklistTemplateVersions.id, maintenanceEvents.checklistVersionId),
      ),
    )
    .leftJoin(checklistTemplates, eq(checklistTemplates.id, checklistTemplateVersions.templateId))
    .where(
      and(
        eq(maintenanceEvents.organizationId, organizationId),
        eq(maintenanceEvents.id, sql.placeholder('eventId')),
      ),
    )
    .limit(1);
}

// Named statements (ADR 038): the task's checklist is read on every answer and every opening.
const taskChecklist = preparedQuery('task_checklist', selectTaskChecklist);
const taskChecklistForUpdate = preparedQuery('task_checklist_for_update', (db) =>
  selectTaskChecklist(db).for('update', { of: maintenanceEvents }),
);

/**
 * A task of the organization with its checklist (null parts when it has none), or undefined.
 * `lock: 'update'` locks the task until the transaction ends: answers and a completion take turns.
 */
export async function findTaskChecklist(
  db: DbOrTx,
  organizationId: string,
  eventId: string,
  options: { lock?: 'update' } = {},
): Promise<TaskChecklistRow | undefined> {
  const query = options.lock ? taskChecklistForUpdate : taskChecklist;
  const [row] = await query(db, { organizationId, eventId });
  return row;
}

/** A stored answer with the name of who gave it and its file (a photo, a signature). */
export interface ResponseRow {
  stepKey: string;
  outcome: TCheckOutcome | null;
  numberValue: number | null;
  textValue: string | null;
  fileId: string | null;
  flagged: boolean;
  doneById: string | null;
  doneByName: string | null;
  doneAt: Date;
  file: FileRow | null;
  followUpEventId: string | null;
}

const taskResponses = preparedQuery('checklist_responses', (db) => {
  const organizationId = sql.placeholder('organizationId');
  return db
    .select({
      stepKey: checklistResponses.stepKey,
      outcome: checklistResponses.outcome,
      numberValue: checklistResponses.numberValue,
      textValue: checklistResponses.textValue,
      fileId: checklistResponses.fileId,
      flagged: checklistResponses.flagged,
      doneById: checklistResponses.doneById,
      doneByName: users.displayName,
      doneAt: checklistResponses.doneAt,
      file: files,
      followUpEventId: sql<string | null>`(select f.id from ${maintenanceEvents} f
        where f.follow_up_of_event_id = ${checklistResponses.eventId}
          and f.follow_up_step_key = ${checklistResponses.stepKey} and f.organization_id = ${organizationId})`,
    })
    .from(checklistResponses)
    .leftJoin(users, eq(users.id, checklistResponses.doneById))
    .leftJoin(files, and(eq(files.organizationId, organizationId), eq(files.id, checklistResponses.fileId)))
    .where(
      and(
        eq(checklistResponses.organizationId, organizationId),
        eq(checklistResponses.eventId, sql.placeholder('eventId')),
      ),
    );
});

/** The answers of a task of the organization, with their files and follow-ups. */
export async function findResponses(
  db: DbOrTx,
  organizationId: string,
  eventId: string,
): Promise<ResponseRow[]> {
  return taskResponses(db, { organizationId, eventId });
}

/** The keys and counted parts of a task's answers (the completion guard, the summary). */
export async function findAnswerMarks(db: DbOrTx, organizationId: string, eventId: string) {
  return db
    .select({
      stepKey: checklistResponses.stepKey,
      outcome: checklistResponses.outcome,
      flagged: checklistResponses.flagged,
    })
    .from(checklistResponses)
    .where(
      and(eq(checklistResponses.organizationId, organizationId), eq(checklistResponses.eventId, eventId)),
    );
}

/** The stored answer to one step, or undefined. */
export async function findResponse(
  db: DbOrTx,
  organizationId: string,
  eventId: string,
  stepKey: string,
): Promise<(typeof checklistResponses.$inferSelect & { objectKey: string | null }) | undefined> {
  const [row] = await db
    .select({ response: checklistResponses, objectKey: files.objectKey })
    .from(checklistResponses)
    .leftJoin(files, and(eq(files.organizationId, organizationId), eq(files.id, checklistResponses.fileId)))
    .where(
      and(
        eq(checklistResponses.organizationId, organizationId),
        eq(checklistResponses.eventId, eventId),
        eq(checklistResponses.stepKey, stepKey),
      ),
    )
    .limit(1);
  return row ? { ...row.response, objectKey: row.objectKey } : undefined;
}

/** Writes a step's answer (a new one, or over the one stored). */
export async function upsertResponse(
  tx: DbOrTx,
  values: typeof checklistResponses.$inferInsert & { updatedAt: Date },
): Promise<void> {
  await tx
    .insert(checklistResponses)
    .values(values)
    .onConflictDoUpdate({
      target: [checklistResponses.eventId, checklistResponses.stepKey, checklistResponses.organizationId],
      set: {
        outcome: values.outcome ?? null,
        numberValue: values.numberValue ?? null,
        textValue: values.textValue ?? null,
        fileId: values.fileId ?? null,
        flagged: values.flagged ?? false,
        doneById: values.doneById ?? null,
        doneAt: values.doneAt,
        updatedAt: values.updatedAt,
      },
    });
}

/** Removes a step's answer. */
export async function deleteResponse(
  tx: DbOrTx,
  organizationId: string,
  eventId: string,
  stepKey: string,
): Promise<void> {
  await tx
    .delete(checklistResponses)
    .where(
      and(
        eq(checklistResponses.organizationId, organizationId),
        eq(checklistResponses.eventId, eventId),
        eq(checklistResponses.stepKey, stepKey),
      ),
    );
}

/** Removes a file row of the organization (an answer's photo or signature replaced or cleared). */
export async function deleteFileRow(tx: DbOrTx, organizationId: string, fileId: string): Promise<void> {
  await tx.delete(files).where(and(eq(files.organizationId, organizationId), eq(files.id, fileId)));
}

// ---------------------------------------------------------------------------------------------
// Follow-ups

/** The follow-up task opened from a step of a task, or undefined. */
export async function findFollowUp(
  db: DbOrTx,
  organizationId: string,
  eventId: string,
  stepKey: string,
): Promise<{ id: string; assetId: string; title: string } | undefined> {
  const [row] = await db
    .select({ id: maintenanceEvents.id, assetId: maintenanceEvents.assetId, title: maintenanceEvents.title })
    .from(maintenanceEvents)
    .where(
      and(
        eq(maintenanceEvents.organizationId, organizationId),
        eq(maintenanceEvents.followUpOfEventId, eventId),
        eq(maintenanceEvents.followUpStepKey, stepKey),
      ),
    )
    .limit(1);
  return row;
}

/** The follow-up tasks opened from a task's steps: their step keys and titles. */
export async function findFollowUpsOf(db: DbOrTx, organizationId: string, eventId: string) {
  return db
    .select({ stepKey: maintenanceEvents.followUpStepKey, title: maintenanceEvents.title })
    .from(maintenanceEvents)
    .where(
      and(
        eq(maintenanceEvents.organizationId, organizationId),
        eq(maintenanceEvents.followUpOfEventId, eventId),
      ),
    );
}

/**
 * Inserts the Pending follow-up task of a step, linked to its task; nothing when one exists already
 * (the unique index on the task and step: two requests at once make one). Answers the row made.
 */
export async function insertFollowUpTask(
  tx: DbOrTx,
  task: {
    organizationId: string;
    assetId: string;
    title: string;
    notes: string | null;
    priority: number;
    followUpOfEventId: string;
    followUpStepKey: string;
    actorId: string;
    now: Date;
  },
): Promise<typeof maintenanceEvents.$inferSelect | undefined> {
  const [row] = await tx
    .insert(maintenanceEvents)
    .values({
      organizationId: task.organizationId,
      assetId: task.assetId,
      title: task.title,
      notes: task.notes,
      performedAt: task.now,
      taskStatus: 'Pending',
      priority: task.priority,
      followUpOfEventId: task.followUpOfEventId,
      followUpStepKey: task.followUpStepKey,
      createdById: task.actorId,
      updatedById: task.actorId,
      createdAt: task.now,
      updatedAt: task.now,
    })
    .onConflictDoNothing({
      target: [
        maintenanceEvents.followUpOfEventId,
        maintenanceEvents.followUpStepKey,
        maintenanceEvents.organizationId,
      ],
      where: sql`${maintenanceEvents.followUpOfEventId} is not null`,
    })
    .returning();
  return row;
}

/** Locks the asset (share) until the transaction ends and answers whether it is in service. */
export async function lockAssetInService(
  tx: DbOrTx,
  organizationId: string,
  assetId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ retiredAt: assets.retiredAt })
    .from(assets)
    .where(and(eq(assets.organizationId, organizationId), eq(assets.id, assetId)))
    .for('share');
  return row !== undefined && row.retiredAt === null;
}
