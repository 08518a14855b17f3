import {
  ASSET_MESSAGES,
  addDays,
  CLOCK_SKEW_MINUTES,
  DEFAULT_TASK_PRIORITY,
  DUE_SOON_DAYS,
  EVENT_MESSAGES,
  lineTotalMinor,
  localDate,
  OCCURRED_AT_MESSAGES,
  priorityOfRank,
  priorityRank,
  TASK_WORK_MESSAGES,
  type TDueCounts,
  type TEventPage,
  type TMaintenanceEvent,
  type TPageQuery,
  type TPendingTask,
  type TTaskDueFilter,
  type TTaskPriority,
  type ZCompleteTaskBody,
  type ZEventBody,
} from '@mqr/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, conflict, forbidden, notFound } from '#server/lib/app-error.ts';
import { claimedTime, stampOf } from '#server/lib/client-time.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { isUuid } from '#server/lib/uuid.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { diffChanges, recordAudit } from '../audit-logs/index.ts';
import { completeChecklist, resolveChecklistVersion } from '../checklists/index.ts';
import {
  type FieldDefinitionRow,
  getFieldDefinitionRows,
  resolveFieldValues,
  valuesByLabel,
} from '../fields/index.ts';
import type { UrgentTaskEmail } from '../reminders/index.ts';
import { objectKeysOfPhotos, onTaskCompleted, onTaskDeleted, type RequestsDeps } from '../requests/index.ts';
import { onScheduledTaskCompleted, onScheduledTaskDeleted } from '../schedules/index.ts';
import {
  type AttachmentPlan,
  applyAttachments,
  discardRemovedObjects,
  planAttachments,
  removeStoredObjects,
} from '../uploads/index.ts';
import { emitEventRecorded, emitTaskEvent } from '../webhooks/index.ts';
import { describeEventChanges, type EventContent } from './change-log.ts';
import { iso, listAssetEventPage, loadEvent, taskPlan } from './event-view.ts';
import {
  countDueTasks,
  deleteEventsWithDetails,
  type EventAssetRow,
  type EventRow,
  findActiveMembers,
  findEvent,
  findEventAsset,
  findFilesOfEvents,
  findStoredEventValues,
  insertChangeEntry,
  insertEvent,
  listOpenTasks,
  type OpenTaskFilter,
  replaceCostLines,
  replaceEventValues,
  replaceTimeEntries,
  setTaskWork,
  type TaskStatus,
  transitionTask,
  updateEvent as updateEventRow,
} from './queries.ts';

export type EventInput = z.output<typeof ZEventBody>;
/** What a completion says of the work (ADR 131); absent parts are left as they are. */
export type TaskWorkInput = NonNullable<z.output<typeof ZCompleteTaskBody>>;

/**
 * Who acts, from where, and when: `now` is the app's clock (ADR 052), the stamp of what they do
 * unless the request says when it was done (`occurredAt`, ADR 085).
 */
export interface EventActionContext {
  actor: AuthUser;
  ipAddress: string;
  now: Date;
  storage: FileStorage;
  /** Queues the urgent task's email to its assignee (ADR 131); absent when email is off (no SMTP_URL). */
  emailUrgent?: UrgentTaskEmail | undefined;
  /** Reports an object that could not be removed from storage after a commit (it stays an orphan). */
  onStorageError: (error: unknown, objectKey: string) => void;
}

const eventNotFound = () => notFound('Maintenance event');

/**
 * The asset of the organization that events hang on; NOT_FOUND for another organization's id or a
 * malformed one. (Assets show their events, so this module asks the table, not the assets module.)
 */
async function getEventAsset(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  options: { lock?: 'share' } = {},
): Promise<EventAssetRow> {
  const row = isUuid(assetId) ? await findEventAsset(db, organizationId, assetId, options) : undefined;
  if (!row) throw notFound('Asset');
  return row;
}

/** The asset, for a change to its history: a retired asset is read-only (409, ADR 046). */
async function getAssetInService(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  options: { lock?: 'share' } = {},
): Promise<EventAssetRow> {
  const asset = await getEventAsset(db, organizationId, assetId, options);
  if (asset.retiredAt) throw conflict(ASSET_MESSAGES.retired);
  return asset;
}

/** Today in the acting user's organization (its time zone, the app's clock). */
const todayOf = (context: { actor: AuthUser; now: Date }) => localDate(context.now, context.actor.timeZone);

/** An older page of an asset's history (after the event id `after`), for its "Show more". */
export async function listEventPage(
  db: DbOrTx,
  context: { actor: AuthUser; now: Date },
  assetId: string,
  after: string | undefined,
): Promise<TEventPage> {
  const organizationId = context.actor.organizationId;
  const asset = await getEventAsset(db, organizationId, assetId);
  const { events, nextAfter } = await listAssetEventPage(
    db,
    organizationId,
    asset.id,
    todayOf(context),
    after,
  );
  return { events, nextAfter };
}

/** The event as saved, read after the commit. */
async function savedEvent(
  db: DbOrTx,
  context: { actor: AuthUser; now: Date },
  assetId: string,
  eventId: string,
): Promise<TMaintenanceEvent> {
  const event = await loadEvent(db, context.actor.organizationId, assetId, eventId, todayOf(context));
  if (!event) throw eventNotFound();
  return event;
}

/** An event of the asset in the organization; NOT_FOUND for another's or a malformed id. */
async function getEventRow(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  eventId: string,
  options: { forUpdate?: boolean } = {},
): Promise<EventRow> {
  const row = isUuid(eventId) ? await findEvent(db, organizationId, assetId, eventId, options) : undefined;
  if (!row) throw eventNotFound();
  return row;
}

/** Editing a Completed event needs the per-user flag (administrators included). */
function assertEditable(row: EventRow, actor: AuthUser): void {
  if (row.taskStatus === 'Completed' && !actor.canEditCompletedMaintenanceEvents) {
    throw forbidden(EVENT_MESSAGES.editCompletedForbidden);
  }
}

/** The audited view of an event: its texts, performedAt, custom values by label and file names. */
function auditSnapshot(
  content: EventContent,
  definitions: FieldDefinitionRow[],
  fileNames: string[],
): Record<string, unknown> {
  return {
    title: content.title,
    notes: content.notes,
    recordedBy: content.recordedBy,
    performedAt: content.performedAt.toISOString(),
    priority: priorityOfRank(content.priority),
    downFrom: content.downFrom?.toISOString() ?? null,
    downTo: content.downTo?.toISOString() ?? null,
    ...valuesByLabel(definitions, content.values),
    attachments: fileNames,
  };
}

const keysOf = (files: { objectKey: string }[]) => files.map((f) => f.objectKey);
const namesOf = (files: { fileName: string }[]) => files.map((f) => f.fileName);

const URGENT = priorityRank('urgent');

/** A 400 naming the field, as the validation errors do. */
const fieldError = (path: string, message: string) =>
  new AppError('VALIDATION', message, { fields: [{ path, message }] });

/**
 * The downtime after a change: absent ends keep what is stored, a null start clears both. Refused
 * (400 naming the field) when it ends before it starts, ends without a start, or either end is ahead
 * of the server's clock by more than the clock skew a device may have (ADR 085).
 */
export function resolveDowntime(
  stored: { downFrom: Date | null; downTo: Date | null },
  sent: { downFrom?: string | null | undefined; downTo?: string | null | undefined },
  now: Date,
): { downFrom: Date | null; downTo: Date | null } {
  const toDate = (value: string | null | undefined, kept: Date | null) =>
    value === undefined ? kept : value === null ? null : new Date(value);
  const downFrom = toDate(sent.downFrom, stored.downFrom);
  const downTo = downFrom === null ? null : toDate(sent.downTo, stored.downTo);
  const latest = now.getTime() + CLOCK_SKEW_MINUTES * 60_000;
  if (downFrom && downFrom.getTime() > latest)
    throw fieldError('downFrom', TASK_WORK_MESSAGES.downtimeInFuture);
  if (downTo && downTo.getTime() > latest) throw fieldError('downTo', TASK_WORK_MESSAGES.downtimeInFuture);
  if (sent.downTo && downFrom === null)
    throw fieldError('downTo', TASK_WORK_MESSAGES.downtimeEndWithoutStart);
  if (downFrom && downTo && downTo < downFrom)
    throw fieldError('downTo', TASK_WORK_MESSAGES.downtimeEndsBeforeStart);
  return { downFrom, downTo };
}

/**
 * A task made urgent (created urgent, or raised to urgent while open): `task.urgent` to the webhooks,
 * and an email to its assignee at once, in their language (ADR 131), both with the change.
 */
async function announceUrgent(
  tx: DbOrTx,
  context: Pick<EventActionContext, 'actor' | 'now' | 'emailUrgent'>,
  asset: EventAssetRow,
  row: EventRow,
): Promise<void> {
  await emitTaskEvent(tx, 'task.urgent', row);
  if (!row.assigneeId || !context.emailUrgent) return;
  await context.emailUrgent(tx, {
    organizationId: row.organizationId,
    userId: row.assigneeId,
    localDate: todayOf(context),
    content: {
      eventId: row.id,
      assetId: asset.id,
      assetName: asset.name,
      title: row.title,
      dueOn: row.dueOn,
      actorName: context.actor.displayName,
    },
  });
}

/** Any signed-in member adds an event to an asset of their organization. */
export async function createEvent(
  db: Db,
  context: EventActionContext,
  assetId: string,
  body: EventInput,
): Promise<TMaintenanceEvent> {
  const { actor } = context;
  const organizationId = actor.organizationId;
  const asset = await getAssetInService(db, organizationId, assetId);
  const definitions = await getFieldDefinitionRows(db, organizationId, 'MaintenanceEvent');
  const values = resolveFieldValues('MaintenanceEvent', definitions, body.fields);
  const plan = await planAttachments(db, context.storage, organizationId, [], body.files);
  const now = stampOf(context.now, body.occurredAt, asset.createdAt, OCCURRED_AT_MESSAGES.beforeAsset);
  const downtime = resolveDowntime({ downFrom: null, downTo: null }, body, context.now);
  const priority = priorityRank(body.priority ?? DEFAULT_TASK_PRIORITY);
  const started = body.startTask === true;
  // The chosen checklist's current version: the task keeps it whatever later edits make (ADR 134).
  const checklistVersionId = await resolveChecklistVersion(db, organizationId, body.checklistTemplateId);
  const created = await db.transaction(async (tx) => {
    // Held until the commit: the asset cannot be retired with this new open task on it.
    await getAssetInService(tx, organizationId, asset.id, { lock: 'share' });
    const row = await insertEvent(tx, {
      organizationId,
      assetId: asset.id,
      title: body.title,
      notes: body.notes,
      recordedBy: body.recordedBy,
      performedAt: body.performedAt ? new Date(body.performedAt) : now,
      taskStatus: started ? 'InProgress' : 'Pending',
      taskStartedAt: started ? now : null,
      taskStartedById: started ? actor.id : null,
      priority,
      ...downtime,
      checklistVersionId,
      createdById: actor.id,
      updatedById: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    await replaceEventValues(tx, organizationId, row.id, values);
    await applyAttachments(tx, plan, {
      organizationId,
      assetId: asset.id,
      eventId: row.id,
      actorId: actor.id,
    });
    await recordAudit(tx, {
      organizationId,
      actor,
      action: 'CREATE',
      entityType: 'MaintenanceEvent',
      entityId: row.id,
      entityName: row.title,
      changes: {
        created: true,
        ...(checklistVersionId ? { checklistTemplateId: body.checklistTemplateId?.toLowerCase() } : {}),
        ...claimedTime(body.occurredAt),
      },
      ipAddress: context.ipAddress,
    });
    await emitEventRecorded(tx, row);
    if (row.priority === URGENT) await announceUrgent(tx, context, asset, row);
    return row;
  });
  return savedEvent(db, context, asset.id, created.id);
}

/**
 * Replaces an event's texts, performedAt (kept when absent), active custom values and attachments
 * (`files` is the whole list after the save). Writes the change log line list, the audit entry and
 * the new updatedAt/updatedBy in one transaction, and nothing at all when nothing changed.
 */
export async function updateEvent(
  db: Db,
  context: EventActionContext,
  assetId: string,
  eventId: string,
  body: EventInput,
): Promise<TMaintenanceEvent> {
  const { actor } = context;
  const organizationId = actor.organizationId;
  const asset = await getAssetInService(db, organizationId, assetId);
  const current = await getEventRow(db, organizationId, asset.id, eventId);
  assertEditable(current, actor);
  const now = stampOf(context.now, body.occurredAt, current.createdAt, OCCURRED_AT_MESSAGES.beforeEvent);
  const definitions = await getFieldDefinitionRows(db, organizationId, 'MaintenanceEvent');
  const existingFiles = await findFilesOfEvents(db, organizationId, [eventId]);
  const plan = await planAttachments(db, context.storage, organizationId, existingFiles, body.files);

  // Removed files that are a request's photo: their objects stay while the request has them (ADR 133).
  let photos = new Set<string>();
  const saved = await db.transaction(async (tx): Promise<boolean> => {
    // Locked: a task completed meanwhile is checked again, and concurrent edits take turns.
    const row = await getEventRow(tx, organizationId, asset.id, eventId, { forUpdate: true });
    assertEditable(row, actor);
    const stored = await findStoredEventValues(tx, organizationId, row.id);
    // Checked against the locked values: one sent back unchanged is kept (ADR 020).
    const values = resolveFieldValues('MaintenanceEvent', definitions, body.fields, stored);
    const logged = definitions.filter((d) => values.has(d.id));
    const before: EventContent = {
      title: row.title,
      notes: row.notes,
      recordedBy: row.recordedBy,
      performedAt: row.performedAt,
      values: new Map(logged.map((d) => [d.id, stored.get(d.id) ?? null])),
      attachmentKeys: keysOf(existingFiles),
      priority: row.priority,
      downFrom: row.downFrom,
      downTo: row.downTo,
    };
    const after: EventContent = {
      title: body.title,
      notes: body.notes,
      recordedBy: body.recordedBy,
      performedAt: body.performedAt ? new Date(body.performedAt) : row.performedAt,
      values,
      attachmentKeys: [...keysOf(plan.keep), ...keysOf(plan.add)],
      priority: body.priority === undefined ? row.priority : priorityRank(body.priority),
      ...resolveDowntime(row, body, context.now),
    };
    const lines = describeEventChanges(before, after, logged);
    if (lines.length === 0) return false;

    const updated = await updateEventRow(tx, organizationId, row.id, {
      title: after.title,
      notes: after.notes,
      recordedBy: after.recordedBy,
      performedAt: after.performedAt,
      priority: after.priority,
      downFrom: after.downFrom,
      downTo: after.downTo,
      updatedAt: now,
      updatedById: actor.id,
    });
    const changedValues = new Map([...values].filter(([id, value]) => before.values.get(id) !== value));
    await replaceEventValues(tx, organizationId, row.id, changedValues);
    await applyAttachments(tx, plan, {
      organizationId,
      assetId: asset.id,
      eventId: row.id,
      actorId: actor.id,
    });
    photos = await objectKeysOfPhotos(tx, organizationId, keysOf(plan.remove));
    await insertChangeEntry(tx, {
      organizationId,
      eventId: row.id,
      changedAt: now,
      changedById: actor.id,
      changes: lines,
    });
    await recordAudit(tx, {
      organizationId,
      actor,
      action: 'UPDATE',
      entityType: 'MaintenanceEvent',
      entityId: row.id,
      entityName: updated.title,
      changes: {
        changes: diffChanges(
          auditSnapshot(before, definitions, namesOf(existingFiles)),
          auditSnapshot(after, definitions, [...namesOf(plan.keep), ...namesOf(plan.add)]),
        ),
        ...claimedTime(body.occurredAt),
      },
      ipAddress: context.ipAddress,
    });
    if (updated.priority === URGENT && row.priority !== URGENT && updated.taskStatus !== 'Completed') {
      await announceUrgent(tx, context, asset, updated);
    }
    return true;
  });
  if (saved) {
    await discardRemoved(context, { ...plan, remove: plan.remove.filter((f) => !photos.has(f.objectKey)) });
  }
  return savedEvent(db, context, asset.id, eventId);
}

function discardRemoved(context: EventActionContext, plan: AttachmentPlan): Promise<void> {
  return discardRemovedObjects(context.storage, plan, context.onStorageError);
}

interface Transition {
  from: readonly TaskStatus[];
  to: 'InProgress' | 'Completed';
  action: 'START_TASK' | 'COMPLETE_TASK';
  refused: string;
}

/** docs/product/events-and-tasks.md#task-transitions: start only from Pending; complete from Pending (stamping the start too) or InProgress. */
const TRANSITIONS = {
  start: { from: ['Pending'], to: 'InProgress', action: 'START_TASK', refused: EVENT_MESSAGES.cannotStart },
  complete: {
    from: ['Pending', 'InProgress'],
    to: 'Completed',
    action: 'COMPLETE_TASK',
    refused: EVENT_MESSAGES.alreadyCompleted,
  },
} as const satisfies Record<string, Transition>;

export type TaskAction = keyof typeof TRANSITIONS;

/**
 * The time entries of a completion, each a person's (the actor's when none is named): each person
 * once, each an active member of the organization; else 400 naming the entry.
 */
async function resolveTimeEntries(
  db: DbOrTx,
  actor: AuthUser,
  entries: TaskWorkInput['timeSpent'],
): Promise<{ userId: string; minutes: number }[] | undefined> {
  if (!entries) return undefined;
  const resolved = entries.map((entry) => ({
    userId: entry.userId?.toLowerCase() ?? actor.id,
    minutes: entry.minutes,
  }));
  const seen = new Set<string>();
  for (const [index, entry] of resolved.entries()) {
    if (seen.has(entry.userId))
      throw fieldError(`timeSpent.${index}.userId`, TASK_WORK_MESSAGES.duplicatePerson);
    seen.add(entry.userId);
  }
  const members = await findActiveMembers(db, actor.organizationId, [...seen]);
  const unknown = resolved.findIndex((entry) => !members.has(entry.userId));
  if (unknown >= 0) throw fieldError(`timeSpent.${unknown}.userId`, TASK_WORK_MESSAGES.personUnknown);
  return resolved;
}

/**
 * Starts or completes a task (any signed-in member), now or at `occurredAt` (ADR 085: not before the
 * event was recorded; a completion is never stamped before its start). One conditional UPDATE
 * decides, so of two concurrent requests only one succeeds; the other answers 409 like any illegal
 * transition. A completed task of a floating schedule moves its next due date (in the same
 * transaction). A completion also records the work (ADR 131): time per person and cost lines (each
 * replacing what the task had, when sent), the downtime (as sent; one still open ends with it).
 */
export async function changeTaskStatus(
  db: Db,
  context: Pick<EventActionContext, 'actor' | 'ipAddress' | 'now'> & { requests?: RequestsDeps },
  assetId: string,
  eventId: string,
  action: TaskAction,
  body: TaskWorkInput = {},
): Promise<TMaintenanceEvent> {
  const { actor } = context;
  const organizationId = actor.organizationId;
  const { occurredAt } = body;
  const asset = await getAssetInService(db, organizationId, assetId);
  if (!isUuid(eventId)) throw eventNotFound();
  const at = occurredAt
    ? stampOf(
        context.now,
        occurredAt,
        (await getEventRow(db, organizationId, asset.id, eventId)).createdAt,
        OCCURRED_AT_MESSAGES.beforeEvent,
      )
    : context.now;
  const completing = action === 'complete';
  const timeSpent = completing ? await resolveTimeEntries(db, actor, body.timeSpent) : undefined;
  const transition: Transition = TRANSITIONS[action];
  await db.transaction(async (tx) => {
    if (completing && (body.downFrom !== undefined || body.downTo !== undefined)) {
      // Locked: the downtime sent is checked against the one stored, then the transition decides.
      const current = await getEventRow(tx, organizationId, asset.id, eventId, { forUpdate: true });
      await setTaskWork(tx, organizationId, current.id, resolveDowntime(current, body, context.now));
    }
    const row = await transitionTask(tx, organizationId, asset.id, eventId, {
      from: transition.from,
      to: transition.to,
      at,
      actorId: actor.id,
    });
    if (!row) {
      await getEventRow(tx, organizationId, asset.id, eventId);
      throw conflict(transition.refused);
    }
    // Its checklist's required steps are answered (else 422, all rolled back); checklist.completed.
    if (completing) await completeChecklist(tx, row);
    const work = completing ? await recordWork(tx, row, timeSpent, body.costs) : {};
    await recordAudit(tx, {
      organizationId,
      actor,
      action: transition.action,
      entityType: 'MaintenanceEvent',
      entityId: row.id,
      entityName: row.title,
      changes: { status: transition.to, ...work, ...claimedTime(occurredAt) },
      ipAddress: context.ipAddress,
    });
    await emitTaskEvent(tx, transition.to === 'Completed' ? 'task.completed' : 'task.started', row);
    if (row.scheduleId && transition.to === 'Completed') {
      await onScheduledTaskCompleted(tx, scheduleChange(context, row.scheduleId));
    }
    // The requests accepted into it are done, and their reporters told (ADR 129).
    if (transition.to === 'Completed') await onTaskCompleted(context.requests, tx, row, at);
  });
  return savedEvent(db, context, asset.id, eventId);
}

/** Writes a completed task's time entries and cost lines (those sent); answers what the audit keeps of them. */
async function recordWork(
  tx: DbOrTx,
  row: EventRow,
  timeSpent: { userId: string; minutes: number }[] | undefined,
  costs: TaskWorkInput['costs'],
): Promise<Record<string, unknown>> {
  const stamp = {
    organizationId: row.organizationId,
    eventId: row.id,
    assetId: row.assetId,
    incurredAt: row.taskCompletedAt ?? row.updatedAt,
  };
  const audited: Record<string, unknown> = {};
  if (timeSpent) {
    await replaceTimeEntries(tx, stamp, timeSpent);
    audited.minutes = timeSpent.reduce((sum, entry) => sum + entry.minutes, 0);
  }
  if (costs) {
    const lines = costs.map((line) => ({
      ...line,
      totalMinor: lineTotalMinor(line.quantity, line.unitCostMinor),
    }));
    await replaceCostLines(tx, stamp, lines);
    audited.costTotalMinor = lines.reduce((sum, line) => sum + line.totalMinor, 0);
  }
  if (row.downFrom)
    audited.downtime = { from: row.downFrom.toISOString(), to: row.downTo?.toISOString() ?? null };
  return audited;
}

function scheduleChange(context: { actor: AuthUser; now: Date }, scheduleId: string) {
  return {
    organizationId: context.actor.organizationId,
    scheduleId,
    timeZone: context.actor.timeZone,
    now: context.now,
  };
}

/**
 * Deletes an event recorded by mistake (administrators, ADR 046): its custom values, change log and
 * files go with it, one DELETE audit entry stays. The files' objects leave storage after the commit.
 */
export async function deleteEvent(
  db: Db,
  context: EventActionContext,
  assetId: string,
  eventId: string,
): Promise<void> {
  const { actor } = context;
  const organizationId = actor.organizationId;
  const asset = await getAssetInService(db, organizationId, assetId);
  const objectKeys = await db.transaction(async (tx) => {
    const row = await getEventRow(tx, organizationId, asset.id, eventId, { forUpdate: true });
    // Its requests wait again (ADR 133).
    await onTaskDeleted(tx, context, row.id);
    const removed = await deleteEventsWithDetails(tx, organizationId, {
      assetIds: [asset.id],
      eventIds: [row.id],
    });
    // Files made of a request's photos share its stored object: it stays while the request has it.
    const photos = await objectKeysOfPhotos(
      tx,
      organizationId,
      removed.files.map((file) => file.objectKey),
    );
    const objectKeys = removed.files.map((file) => file.objectKey).filter((key) => !photos.has(key));
    await recordAudit(tx, {
      organizationId,
      actor,
      action: 'DELETE',
      entityType: 'MaintenanceEvent',
      entityId: row.id,
      entityName: row.title,
      changes: { deleted: true, assetId: asset.id, files: objectKeys.length },
      ipAddress: context.ipAddress,
    });
    if (row.scheduleId) await onScheduledTaskDeleted(tx, scheduleChange(context, row.scheduleId));
    return objectKeys;
  });
  await removeObjects(context, objectKeys);
}

/** What deleting assets took with each of them: its events and the object keys of its files. */
export type DeletedHistory = Map<string, { events: number; objectKeys: string[] }>;

/**
 * Deletes every event of the assets with their values, change logs and files (the assets' deletion,
 * in its transaction): answers, per asset, how many events went and the object keys to remove from
 * storage after the commit.
 */
export async function deleteAssetsHistory(
  tx: DbOrTx,
  organizationId: string,
  assetIds: string[],
): Promise<DeletedHistory> {
  const removed = await deleteEventsWithDetails(tx, organizationId, { assetIds });
  const history: DeletedHistory = new Map(assetIds.map((id) => [id, { events: 0, objectKeys: [] }]));
  for (const event of removed.events) history.get(event.assetId)!.events += 1;
  for (const file of removed.files) history.get(file.assetId)!.objectKeys.push(file.objectKey);
  return history;
}

/** Whether the asset has a Pending or InProgress task (it cannot be retired then). */
export { hasOpenTasks } from './queries.ts';

/** After a commit: removes the stored objects of deleted files (a failure only leaves an orphan object). */
export function removeObjects(
  context: Pick<EventActionContext, 'storage' | 'onStorageError'>,
  objectKeys: string[],
): Promise<void> {
  return removeStoredObjects(context.storage, objectKeys, context.onStorageError);
}

/** The pending list's filters: a due filter, an assignee ("me" is the acting user) and a priority. */
export interface PendingTaskQuery extends TPageQuery {
  due?: TTaskDueFilter | undefined;
  assignee?: string | undefined;
  priority?: TTaskPriority | undefined;
  assetId?: string | undefined;
  q?: string | undefined;
}

/** The due filter as a range of due dates around `today`. */
function dueRange(due: TTaskDueFilter | undefined, today: string): OpenTaskFilter['due'] {
  if (due === 'overdue') return { before: today };
  if (due === 'soon') return { from: today, to: addDays(today, DUE_SOON_DAYS) };
  return undefined;
}

/**
 * The organization's events that are not Completed, by due date (tasks without one after, oldest
 * performedAt first), one page, narrowed by due date and assignee.
 */
export async function listPendingTasks(
  db: DbOrTx,
  context: { actor: AuthUser; now: Date },
  query: PendingTaskQuery,
): Promise<{ items: TPendingTask[]; total: number }> {
  const today = todayOf(context);
  const assigneeId = query.assignee === 'me' ? context.actor.id : query.assignee?.toLowerCase();
  const filter = {
    due: dueRange(query.due, today),
    assigneeId,
    priority: query.priority ? priorityRank(query.priority) : undefined,
    assetId: query.assetId?.toLowerCase(),
    q: query.q || undefined,
  };
  const { rows, total } = await listOpenTasks(db, context.actor.organizationId, filter, query);
  return {
    items: rows.map((r) => ({
      ...r,
      ...taskPlan(r, today),
      performedAt: r.performedAt.toISOString(),
      taskStartedAt: iso(r.taskStartedAt),
      taskCompletedAt: iso(r.taskCompletedAt),
    })),
    total,
  };
}

/** How many open tasks of the organization are overdue and due in the next 7 days (today included). */
export async function getDueCounts(db: DbOrTx, organizationId: string, today: string): Promise<TDueCounts> {
  const counts = await countDueTasks(db, organizationId, today, addDays(today, DUE_SOON_DAYS));
  return { today, overdue: counts.overdue, dueNext7Days: counts.dueSoon };
}

/** The same for the acting user's organization, today in its time zone. */
export function getDueCountsFor(db: DbOrTx, context: { actor: AuthUser; now: Date }): Promise<TDueCounts> {
  return getDueCounts(db, context.actor.organizationId, todayOf(context));
}
