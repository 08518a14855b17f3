import {
  ASSET_MESSAGES,
  CHECKLIST_MESSAGES,
  CHECKLIST_SAID,
  CHECKLIST_SIGNATURE_MAX_HEIGHT,
  CHECKLIST_SIGNATURE_MAX_WIDTH,
  type ChecklistCounts,
  OCCURRED_AT_MESSAGES,
  type TChecklistResponse,
  type TChecklistStep,
  type TChecklistTemplate,
  type TChecklistTemplateSummary,
  type TFollowUp,
  type TTaskChecklist,
  UPLOAD_MESSAGES,
  type ZChecklistListQuery,
  type ZChecklistTemplateBody,
  type ZFollowUpBody,
} from '@mqr/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, conflict, fieldError, invalidField, notFound } from '#server/lib/app-error.ts';
import { stampOf } from '#server/lib/client-time.ts';
import { toFile } from '#server/lib/file-view.ts';
import { translatorFor } from '#server/lib/i18n/translators.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { isUuid } from '#server/lib/uuid.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { diffChanges, recordAudit } from '../audit-logs/index.ts';
import { applyAttachments, planAttachments, removeStoredObjects } from '../uploads/index.ts';
import { readerLanguage } from '../users/index.ts';
import { emitChecklistCompleted, emitEventRecorded } from '../webhooks/index.ts';
import { answerInWords } from './answer-words.ts';
import {
  deleteFileRow,
  deleteResponse,
  findAnswerMarks,
  findCurrentVersion,
  findFollowUp,
  findResponse,
  findResponses,
  findTaskChecklist,
  findTemplate,
  findVersions,
  insertFollowUpTask,
  insertTemplate,
  insertVersion,
  listTemplates,
  lockAssetInService,
  type ResponseRow,
  type TaskChecklistRow,
  type TemplateView,
  updateTemplate,
  upsertResponse,
} from './queries.ts';
import {
  type AnswerBody,
  checkAnswer,
  missingRequired,
  sameSteps,
  stepPath,
  summarize,
  toSteps,
} from './steps.ts';
import { storedImage } from './stored-images.ts';
import { FOLLOW_UP_TEXTS } from './texts.ts';

export type TemplateBody = z.output<typeof ZChecklistTemplateBody>;
export type ListQuery = z.output<typeof ZChecklistListQuery>;
export type FollowUpBody = z.output<typeof ZFollowUpBody>;

/** Who acts, from where and when (the app's clock), with the storage their answers' images are in. */
export interface ChecklistContext {
  actor: AuthUser;
  ipAddress: string;
  now: Date;
  storage: FileStorage;
  /** Reports an object that could not be removed from storage after a commit (it stays an orphan). */
  onStorageError: (error: unknown, objectKey: string) => void;
}

const templateNotFound = () => new AppError('NOT_FOUND', CHECKLIST_MESSAGES.notFound);
const taskNotFound = () => notFound('Maintenance event');

// ---------------------------------------------------------------------------------------------
// Templates (administrators write them; everyone signed in reads them: the task form's picker)

function toSummary(view: TemplateView): TChecklistTemplateSummary {
  return {
    id: view.id,
    name: view.name,
    version: view.currentVersion,
    stepCount: view.steps.length,
    archivedAt: view.archivedAt?.toISOString() ?? null,
    updatedAt: view.updatedAt.toISOString(),
  };
}

export async function listChecklistTemplates(
  db: DbOrTx,
  organizationId: string,
  query: ListQuery,
): Promise<{ items: TChecklistTemplateSummary[]; total: number }> {
  const { rows, total } = await listTemplates(db, organizationId, query);
  return { items: rows.map(toSummary), total };
}

/** A template of the organization, NOT_FOUND for another's (or a malformed id). */
async function getTemplateView(
  db: DbOrTx,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TemplateView> {
  const view = isUuid(id) ? await findTemplate(db, organizationId, id.toLowerCase(), options) : undefined;
  if (!view) throw templateNotFound();
  return view;
}

export async function getChecklistTemplate(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<TChecklistTemplate> {
  const view = await getTemplateView(db, organizationId, id);
  const versions = await findVersions(db, organizationId, view.id);
  return {
    ...toSummary(view),
    steps: view.steps,
    createdAt: view.createdAt.toISOString(),
    versions: versions.map((v) => ({
      version: v.version,
      stepCount: v.stepCount,
      createdAt: v.createdAt.toISOString(),
      createdBy: v.createdBy,
    })),
  };
}

const auditOf = (context: ChecklistContext, id: string, name: string) =>
  ({
    organizationId: context.actor.organizationId,
    actor: context.actor,
    entityType: 'ChecklistTemplate',
    entityId: id,
    entityName: name,
    ipAddress: context.ipAddress,
  }) as const;

/** A new template and its version 1 (administrators). */
export async function createChecklistTemplate(
  db: Db,
  context: ChecklistContext,
  body: TemplateBody,
): Promise<TChecklistTemplate> {
  const { actor, now } = context;
  const organizationId = actor.organizationId;
  const steps = toSteps(body.steps);
  const id = await db.transaction(async (tx) => {
    const template = await insertTemplate(tx, {
      organizationId,
      name: body.name,
      currentVersion: 1,
      createdById: actor.id,
      updatedById: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    await insertVersion(tx, {
      organizationId,
      templateId: template.id,
      version: 1,
      steps,
      createdById: actor.id,
      createdAt: now,
    });
    await recordAudit(tx, {
      ...auditOf(context, template.id, template.name),
      action: 'CREATE',
      changes: { created: true, steps: steps.length },
    });
    return template.id;
  });
  return getChecklistTemplate(db, organizationId, id);
}

/**
 * Renames a template and, when its steps differ from its current version's, makes the next version
 * (tasks keep the version they were given; new tasks and schedules' next tasks get this one).
 */
export async function updateChecklistTemplate(
  db: Db,
  context: ChecklistContext,
  id: string,
  body: TemplateBody,
): Promise<TChecklistTemplate> {
  const { actor, now } = context;
  const organizationId = actor.organizationId;
  await getTemplateView(db, organizationId, id);
  const templateId = await db.transaction(async (tx) => {
    // Locked: two edits at once make two versions one after the other, never the same number twice.
    const current = await getTemplateView(tx, organizationId, id, { forUpdate: true });
    const steps = toSteps(body.steps);
    const newVersion = !sameSteps(current.steps, steps);
    if (!newVersion && current.name === body.name) return current.id;
    const version = newVersion ? current.currentVersion + 1 : current.currentVersion;
    if (newVersion) {
      await insertVersion(tx, {
        organizationId,
        templateId: current.id,
        version,
        steps,
        createdById: actor.id,
        createdAt: now,
      });
    }
    await updateTemplate(tx, organizationId, current.id, {
      name: body.name,
      currentVersion: version,
      updatedById: actor.id,
      updatedAt: now,
    });
    await recordAudit(tx, {
      ...auditOf(context, current.id, body.name),
      action: 'UPDATE',
      changes: {
        changes: diffChanges(
          { name: current.name, version: current.currentVersion, steps: current.steps.length },
          { name: body.name, version, steps: steps.length },
        ),
      },
    });
    return current.id;
  });
  return getChecklistTemplate(db, organizationId, templateId);
}

/**
 * Archives a template (administrators): it leaves the pickers, new tasks cannot get it, and the
 * schedules that name it create their tasks without it; tasks that have it keep their version.
 */
export async function archiveChecklistTemplate(db: Db, context: ChecklistContext, id: string): Promise<void> {
  const organizationId = context.actor.organizationId;
  await db.transaction(async (tx) => {
    const current = await getTemplateView(tx, organizationId, id, { forUpdate: true });
    if (current.archivedAt) return;
    await updateTemplate(tx, organizationId, current.id, {
      archivedAt: context.now,
      updatedById: context.actor.id,
      updatedAt: context.now,
    });
    await recordAudit(tx, {
      ...auditOf(context, current.id, current.name),
      action: 'DELETE',
      changes: { archived: true },
    });
  });
}

/** Brings an archived template back into the pickers (administrators). */
export async function restoreChecklistTemplate(
  db: Db,
  context: ChecklistContext,
  id: string,
): Promise<TChecklistTemplate> {
  const organizationId = context.actor.organizationId;
  const templateId = await db.transaction(async (tx) => {
    const current = await getTemplateView(tx, organizationId, id, { forUpdate: true });
    if (!current.archivedAt) return current.id;
    await updateTemplate(tx, organizationId, current.id, {
      archivedAt: null,
      updatedById: context.actor.id,
      updatedAt: context.now,
    });
    await recordAudit(tx, {
      ...auditOf(context, current.id, current.name),
      action: 'RESTORE',
      changes: { archived: false },
    });
    return current.id;
  });
  return getChecklistTemplate(db, organizationId, templateId);
}

// ---------------------------------------------------------------------------------------------
// What the events and schedules modules call

/**
 * The current version of the template chosen for a new task or a schedule (none: null); 400 naming
 * `path` for a template not of the organization (or a malformed id), or an archived one.
 */
export async function resolveChecklistVersion(
  db: DbOrTx,
  organizationId: string,
  templateId: string | null | undefined,
  path = 'checklistTemplateId',
): Promise<string | null> {
  if (!templateId) return null;
  const found = isUuid(templateId)
    ? await findCurrentVersion(db, organizationId, templateId.toLowerCase())
    : undefined;
  if (!found) throw invalidField(path, CHECKLIST_MESSAGES.unknownTemplate);
  if (found.archived) throw invalidField(path, CHECKLIST_MESSAGES.archived);
  return found.versionId;
}

/** The ids of the template a schedule names, checked as resolveChecklistVersion checks it. */
export async function resolveScheduleChecklist(
  db: DbOrTx,
  organizationId: string,
  templateId: string | null,
): Promise<string | null> {
  await resolveChecklistVersion(db, organizationId, templateId);
  return templateId ? templateId.toLowerCase() : null;
}

/**
 * A task being completed (inside the completion's transaction, after its row is locked by the
 * transition): with required steps empty, CHECKLIST_INCOMPLETE (422) naming each, and the
 * transaction rolls back, nothing written; otherwise `checklist.completed` goes to the webhooks.
 */
export async function completeChecklist(
  tx: DbOrTx,
  task: { id: string; organizationId: string; checklistVersionId: string | null },
): Promise<void> {
  if (!task.checklistVersionId) return;
  const row = await findTaskChecklist(tx, task.organizationId, task.id);
  if (!row?.steps || !row.templateId || row.version === null || row.name === null) return;
  const marks = await findAnswerMarks(tx, task.organizationId, task.id);
  const missing = missingRequired(
    row.steps,
    marks.map((mark) => mark.stepKey),
  );
  if (missing.length > 0) {
    const names = missing.map((step) => `“${step.label}”`).join(', ');
    throw new AppError('CHECKLIST_INCOMPLETE', CHECKLIST_SAID.incomplete(missing.length, names), {
      fields: missing.map((step) =>
        fieldError(`checklist.${step.key}`, CHECKLIST_SAID.stepRequired(step.label)),
      ),
    });
  }
  await emitChecklistCompleted(tx, task.organizationId, {
    eventId: row.eventId,
    assetId: row.assetId,
    templateId: row.templateId,
    name: row.name,
    version: row.version,
    completedAt: (row.taskCompletedAt ?? new Date()).toISOString(),
    summary: summarize(row.steps, marks),
  });
}

// ---------------------------------------------------------------------------------------------
// A task's checklist, its answers and follow-ups (everyone signed in)

type WithChecklist = TaskChecklistRow & {
  steps: TChecklistStep[];
  templateId: string;
  name: string;
  version: number;
  versionId: string;
};

/** A task of the organization that has a checklist: NOT_FOUND for another's, and for one without. */
async function getTaskWithChecklist(
  db: DbOrTx,
  organizationId: string,
  eventId: string,
  options: { lock?: 'update' } = {},
): Promise<WithChecklist> {
  const row = isUuid(eventId)
    ? await findTaskChecklist(db, organizationId, eventId.toLowerCase(), options)
    : undefined;
  if (!row) throw taskNotFound();
  if (!row.steps || !row.templateId || row.name === null || row.version === null || !row.versionId) {
    throw new AppError('NOT_FOUND', CHECKLIST_MESSAGES.noChecklist);
  }
  return row as WithChecklist;
}

/** The step of the task's version with this key; NOT_FOUND naming the key otherwise. */
function stepOf(row: WithChecklist, stepKey: string): TChecklistStep {
  const step = row.steps.find((candidate) => candidate.key === stepKey);
  if (!step) throw new AppError('NOT_FOUND', CHECKLIST_SAID.unknownStep(stepKey));
  return step;
}

/** Answers change while the task is open and its asset in service (409 otherwise). */
function assertAnswerable(row: TaskChecklistRow): void {
  if (row.assetRetiredAt) throw conflict(ASSET_MESSAGES.retired);
  if (row.taskStatus === 'Completed') throw conflict(CHECKLIST_MESSAGES.taskCompleted);
}

function toResponse(row: ResponseRow): TChecklistResponse {
  return {
    stepKey: row.stepKey,
    outcome: row.outcome,
    numberValue: row.numberValue,
    textValue: row.textValue,
    file: row.file ? toFile(row.file) : null,
    flagged: row.flagged,
    doneBy: row.doneById ? { id: row.doneById, name: row.doneByName ?? '' } : null,
    doneAt: row.doneAt.toISOString(),
    followUpEventId: row.followUpEventId,
  };
}

/** The answers in the order of the version's steps (answers of other keys are left out). */
function inStepOrder(steps: TChecklistStep[], rows: ResponseRow[]): ResponseRow[] {
  const byKey = new Map(rows.map((row) => [row.stepKey, row]));
  return steps.flatMap((step) => byKey.get(step.key) ?? []);
}

/** What the report and the checklist read of a task: its version, its answers in step order, its summary. */
export async function loadTaskChecklist(
  db: DbOrTx,
  organizationId: string,
  eventId: string,
): Promise<{ task: WithChecklist; responses: ResponseRow[]; summary: ChecklistCounts }> {
  const task = await getTaskWithChecklist(db, organizationId, eventId);
  const responses = inStepOrder(task.steps, await findResponses(db, organizationId, task.eventId));
  return { task, responses, summary: summarize(task.steps, responses) };
}

export async function getTaskChecklist(
  db: DbOrTx,
  organizationId: string,
  eventId: string,
): Promise<TTaskChecklist> {
  const { task, responses, summary } = await loadTaskChecklist(db, organizationId, eventId);
  return {
    eventId: task.eventId,
    assetId: task.assetId,
    templateId: task.templateId,
    name: task.name,
    version: task.version,
    steps: task.steps,
    responses: responses.map(toResponse),
    summary,
    editable: task.taskStatus !== 'Completed' && task.assetRetiredAt === null,
  };
}

/** One step's answer as the API shows it. */
async function responseOf(
  db: DbOrTx,
  organizationId: string,
  eventId: string,
  stepKey: string,
): Promise<TChecklistResponse> {
  const row = (await findResponses(db, organizationId, eventId)).find((r) => r.stepKey === stepKey);
  if (!row) throw new AppError('NOT_FOUND', CHECKLIST_SAID.unknownStep(stepKey));
  return toResponse(row);
}

/**
 * The file an answer names, checked before the transaction (storage calls may be slow): a pending
 * upload of the organization (as an attachment is), a JPEG by its bytes for a photo (the report embeds
 * it as it is), a PNG of at most CHECKLIST_SIGNATURE_MAX_WIDTH × _HEIGHT pixels for a signature (the
 * report decodes it); 400 naming the step otherwise. Recorded with the type its bytes say.
 */
async function planAnswerFile(
  db: DbOrTx,
  context: ChecklistContext,
  step: TChecklistStep,
  kind: 'photo' | 'signature',
  file: NonNullable<AnswerBody['file']>,
) {
  const organizationId = context.actor.organizationId;
  let plan: Awaited<ReturnType<typeof planAttachments>>;
  try {
    plan = await planAttachments(db, context.storage, organizationId, [], [file]);
  } catch (error) {
    const message = error instanceof AppError ? error.fields?.[0] : undefined;
    if (!message) throw error;
    throw invalidField(
      stepPath(step),
      message.messageId ? { ...message, messageId: message.messageId } : message.message,
    );
  }
  const added = plan.add[0]!;
  const image = await storedImage(context.storage, added.objectKey);
  if (kind === 'signature') {
    const size = image?.kind === 'image/png' ? image.size : undefined;
    if (!size || size.width > CHECKLIST_SIGNATURE_MAX_WIDTH || size.height > CHECKLIST_SIGNATURE_MAX_HEIGHT) {
      throw invalidField(stepPath(step), CHECKLIST_SAID.signatureNotPng(step.label));
    }
  } else if (image?.kind !== 'image/jpeg') {
    throw invalidField(stepPath(step), CHECKLIST_SAID.photoNotImage(step.label));
  }
  return { ...plan, add: [{ ...added, contentType: image!.kind }] };
}

/**
 * Answers a step of a task's checklist (a new answer, or over the one given): stamped with who and
 * `doneAt` (the device's time, bounded as ADR 085's are; absent: now). A value that does not fit the
 * step: 400 naming it, nothing written. A photo or signature replaced leaves storage after the commit.
 */
export async function answerStep(
  db: Db,
  context: ChecklistContext,
  eventId: string,
  stepKey: string,
  body: AnswerBody,
): Promise<TChecklistResponse> {
  const { actor } = context;
  const organizationId = actor.organizationId;
  const task = await getTaskWithChecklist(db, organizationId, eventId);
  const step = stepOf(task, stepKey);
  assertAnswerable(task);
  const answer = checkAnswer(step, body);
  const doneAt = stampOf(
    context.now,
    body.doneAt,
    task.createdAt,
    OCCURRED_AT_MESSAGES.beforeEvent,
    'doneAt',
  );
  const stored = await findResponse(db, organizationId, task.eventId, step.key);
  const keepFile = answer.takesFile !== null && stored?.objectKey === body.file?.objectKey;
  const plan =
    answer.takesFile && !keepFile && body.file
      ? await planAnswerFile(db, context, step, answer.takesFile, body.file)
      : undefined;

  const removed = await db.transaction(async (tx) => {
    // Locked: a completion waits for this answer, or this answer sees the task completed.
    const locked = await getTaskWithChecklist(tx, organizationId, task.eventId, { lock: 'update' });
    assertAnswerable(locked);
    const before = await findResponse(tx, organizationId, task.eventId, step.key);
    // The image kept is the one stored: cleared or replaced meanwhile, it is to be sent again.
    if (keepFile && (!before?.fileId || before.objectKey !== body.file?.objectKey)) {
      throw invalidField(stepPath(step), UPLOAD_MESSAGES.unknownUpload);
    }
    let fileId: string | null = keepFile ? (before?.fileId ?? null) : null;
    if (plan) {
      const [added] = await applyAttachments(tx, plan, {
        organizationId,
        assetId: task.assetId,
        eventId: task.eventId,
        actorId: actor.id,
        checklistStepKey: step.key,
      });
      fileId = added?.id ?? null;
    }
    await upsertResponse(tx, {
      organizationId,
      eventId: task.eventId,
      stepKey: step.key,
      outcome: answer.outcome,
      numberValue: answer.numberValue,
      textValue: answer.textValue,
      fileId,
      flagged: answer.flagged,
      doneById: actor.id,
      doneAt,
      updatedAt: context.now,
    });
    // The file the answer had before, when another took its place (or the step lost it).
    if (before?.fileId && before.fileId !== fileId) {
      await deleteFileRow(tx, organizationId, before.fileId);
      return before.objectKey;
    }
    return null;
  });
  if (removed) await removeStoredObjects(context.storage, [removed], context.onStorageError);
  return responseOf(db, organizationId, task.eventId, step.key);
}

/** Clears a step's answer while the task is open (its photo or signature leaves storage). */
export async function clearStep(
  db: Db,
  context: ChecklistContext,
  eventId: string,
  stepKey: string,
): Promise<void> {
  const organizationId = context.actor.organizationId;
  const task = await getTaskWithChecklist(db, organizationId, eventId);
  const step = stepOf(task, stepKey);
  assertAnswerable(task);
  const removed = await db.transaction(async (tx) => {
    const locked = await getTaskWithChecklist(tx, organizationId, task.eventId, { lock: 'update' });
    assertAnswerable(locked);
    const before = await findResponse(tx, organizationId, task.eventId, step.key);
    if (!before) return null;
    await deleteResponse(tx, organizationId, task.eventId, step.key);
    if (!before.fileId) return null;
    await deleteFileRow(tx, organizationId, before.fileId);
    return before.objectKey;
  });
  if (removed) await removeStoredObjects(context.storage, [removed], context.onStorageError);
}

/**
 * Opens the follow-up task of a step (a failed check, a number out of range...): a Pending task on
 * the same asset, linked to the task and step, titled "Follow-up: <step>" with notes naming the
 * answer (in the maker's language) unless a title and notes are sent. One per step: asking again
 * answers the one opened (`created: false`), however many ask at once.
 */
export async function openFollowUp(
  db: Db,
  context: ChecklistContext,
  eventId: string,
  body: FollowUpBody,
): Promise<TFollowUp> {
  const { actor } = context;
  const organizationId = actor.organizationId;
  const task = await getTaskWithChecklist(db, organizationId, eventId);
  const step = stepOf(task, body.stepKey);
  const existing = await findFollowUp(db, organizationId, task.eventId, step.key);
  if (existing)
    return { eventId: existing.id, assetId: existing.assetId, title: existing.title, created: false };
  if (task.assetRetiredAt) throw conflict(ASSET_MESSAGES.retired);

  const translator = translatorFor(readerLanguage(actor));
  const stored = (await findResponses(db, organizationId, task.eventId)).find((r) => r.stepKey === step.key);
  const title = body.title ?? truncate(translator.t(FOLLOW_UP_TEXTS.title, { step: step.label }), 200);
  const notes =
    body.notes ??
    truncate(
      stored
        ? translator.t(FOLLOW_UP_TEXTS.notes, {
            checklist: task.name,
            task: task.title,
            step: step.label,
            answer: answerInWords(translator, step, stored),
          })
        : translator.t(FOLLOW_UP_TEXTS.notesUnanswered, {
            checklist: task.name,
            task: task.title,
            step: step.label,
          }),
      4000,
    );

  const made = await db.transaction(async (tx) => {
    // Held until the commit: the asset is not retired under this new open task.
    if (!(await lockAssetInService(tx, organizationId, task.assetId))) throw conflict(ASSET_MESSAGES.retired);
    const row = await insertFollowUpTask(tx, {
      organizationId,
      assetId: task.assetId,
      title,
      notes,
      priority: task.priority,
      followUpOfEventId: task.eventId,
      followUpStepKey: step.key,
      actorId: actor.id,
      now: context.now,
    });
    if (!row) return undefined;
    await recordAudit(tx, {
      organizationId,
      actor,
      action: 'CREATE',
      entityType: 'MaintenanceEvent',
      entityId: row.id,
      entityName: row.title,
      changes: { created: true, followUpOf: task.eventId, stepKey: step.key },
      ipAddress: context.ipAddress,
    });
    await emitEventRecorded(tx, row);
    return row;
  });
  if (made) return { eventId: made.id, assetId: made.assetId, title: made.title, created: true };
  // Another request opened it meanwhile: its follow-up is this one.
  const opened = await findFollowUp(db, organizationId, task.eventId, step.key);
  if (!opened) throw taskNotFound();
  return { eventId: opened.id, assetId: opened.assetId, title: opened.title, created: false };
}

/** `text` cut to `max` characters with an ellipsis. */
const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
