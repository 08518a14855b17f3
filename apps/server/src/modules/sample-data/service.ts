import {
  addDays,
  checkFieldValue,
  localDate,
  type TSampleDataAdded,
  type TSampleDataRemoved,
  type TSampleDataStatus,
} from '@mqr/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { assetFieldValues, assets, eventFieldValues, files, maintenanceEvents } from '#server/db/schema.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { generateSlug } from '#server/lib/slug.ts';
import { ensureDemoFields } from '#server/seed/seed.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { newUploadKey } from '#server/storage/object-keys.ts';
import { deleteAssetsWithHistory, objectKeysOf } from '../assets/index.ts';
import { recordAudit } from '../audit-logs/index.ts';
import { removeObjects } from '../events/index.ts';
import { type FieldDefinitionRow, getFieldDefinitionRows } from '../fields/index.ts';
import {
  createDueTasksIn,
  firstDueDate,
  insertSchedules,
  occurrencesFrom,
  type ScheduleInsert,
  toRRuleText,
} from '../schedules/index.ts';
import { readerLanguage } from '../users/index.ts';
import {
  deleteSampleRecords,
  deleteUnusedSampleFields,
  findSampleAssetsForUpdate,
  findSampleState,
  findStaff,
  insertSampleRecords,
  lockOrganization,
} from './queries.ts';
import { sampleDocument } from './sample-files.ts';
import {
  SAMPLE_FIELDS,
  type SampleEvent,
  type SampleSchedule,
  type SampleSet,
  sampleSet,
} from './sample-set.ts';

/**
 * "Add sample data" and "Remove sample data" (ADR 097): a small realistic site for a first look,
 * marked as the sample's, and removed again without touching what a person made.
 */

export interface SampleDataContext {
  actor: AuthUser;
  now: Date;
  ipAddress: string | null;
  storage: FileStorage;
  onStorageError: (error: unknown, key: string) => void;
}

const DAY_MS = 86_400_000;

/** The one audit entry of adding or removing the sample: an UPDATE of the organization. */
function auditSampleData(tx: DbOrTx, context: SampleDataContext, organizationName: string, changes: object) {
  const organizationId = context.actor.organizationId;
  return recordAudit(tx, {
    organizationId,
    actor: context.actor,
    action: 'UPDATE',
    entityType: 'Organization',
    entityId: organizationId,
    entityName: organizationName,
    changes,
    ipAddress: context.ipAddress,
  });
}

export async function getSampleDataStatus(db: DbOrTx, organizationId: string): Promise<TSampleDataStatus> {
  const state = await findSampleState(db, organizationId);
  const present = state.assets + state.fields + state.schedules > 0;
  return {
    present,
    assets: state.assets,
    addedAt: present && state.addedAt ? state.addedAt.toISOString() : null,
    organizationEmpty: !state.anyAsset,
  };
}

/** A generated document waiting in storage for the event it is attached to. */
interface StoredDocument {
  event: SampleEvent;
  objectKey: string;
  size: number;
}

/** Writes the sample's documents to storage before its rows, so no file row is ever without its object. */
async function storeDocuments(
  context: SampleDataContext,
  set: SampleSet,
  staff: { displayName: string }[],
): Promise<StoredDocument[]> {
  const organizationId = context.actor.organizationId;
  const stored: StoredDocument[] = [];
  try {
    for (const event of set.events) {
      if (!event.file) continue;
      const asset = set.assets[event.asset]!;
      const bytes = await sampleDocument({
        language: readerLanguage(context.actor),
        title: event.file.title,
        assetName: asset.name,
        serialNumber: asset.values.serial_number ?? '',
        date: event.performedAt,
        by: staff[event.by % staff.length]!.displayName,
      });
      const objectKey = newUploadKey(organizationId);
      await context.storage.put(objectKey, bytes, 'application/pdf');
      stored.push({ event, objectKey, size: bytes.length });
    }
  } catch (error) {
    await removeObjects(
      context,
      stored.map((document) => document.objectKey),
    );
    throw error;
  }
  return stored;
}

/** The sample's value of a field, when the organization's field of that key takes it (its own field may differ). */
function valueFor(definition: FieldDefinitionRow | undefined, value: string | null | undefined) {
  if (!definition?.isActive || value === null || value === undefined) return null;
  const check = checkFieldValue(definition, value);
  return check.ok ? check.value : null;
}

/**
 * Adds the sample site to the actor's organization, once: sent again while the sample is there, it
 * adds nothing. Its assets, the custom fields it created and its schedules are marked as the
 * sample's; one audit entry on the organization says it was added. No webhooks: it is demo data.
 */
export async function addSampleData(db: Db, context: SampleDataContext): Promise<TSampleDataAdded> {
  const { actor, now } = context;
  const organizationId = actor.organizationId;
  const set = sampleSet(now, localDate(now, actor.timeZone));
  const staff = await findStaff(db, organizationId);
  if (!staff.some((person) => person.id === actor.id))
    staff.unshift({ id: actor.id, displayName: actor.displayName });
  const documents = await storeDocuments(context, set, staff);
  try {
    const added = await db.transaction(async (tx) => {
      const organizationName = await lockOrganization(tx, organizationId);
      if ((await getSampleDataStatus(tx, organizationId)).present) return null;
      const written = await writeSampleSet(tx, context, set, staff, documents);
      await auditSampleData(tx, context, organizationName, {
        changes: { 'Sample data': { from: null, to: `${written.assets} assets added` } },
      });
      return written;
    });
    if (added) return { added: true, ...added };
  } catch (error) {
    await removeObjects(
      context,
      documents.map((document) => document.objectKey),
    );
    throw error;
  }
  await removeObjects(
    context,
    documents.map((document) => document.objectKey),
  );
  return { added: false, assets: 0, events: 0, schedules: 0, files: 0 };
}

async function writeSampleSet(
  tx: DbOrTx,
  context: SampleDataContext,
  set: SampleSet,
  staff: { id: string; displayName: string }[],
  documents: StoredDocument[],
) {
  const { actor, now } = context;
  const organizationId = actor.organizationId;
  const fields = await ensureDemoFields(tx, organizationId, SAMPLE_FIELDS);
  const definitions = new Map(
    [
      ...(await getFieldDefinitionRows(tx, organizationId, 'Asset')),
      ...(await getFieldDefinitionRows(tx, organizationId, 'MaintenanceEvent')),
    ].map((definition) => [definition.id, definition]),
  );
  const definitionOf = (key: string) => definitions.get(fields.idOf(key));
  const assetFields = SAMPLE_FIELDS.filter((field) => field.target === 'Asset');

  const assetIds = set.assets.map(() => uuidv7());
  await tx.insert(assets).values(
    set.assets.map((asset, index) => ({
      id: assetIds[index]!,
      organizationId,
      name: asset.name,
      slug: generateSlug(asset.name),
      description: asset.description,
      createdById: actor.id,
      updatedById: actor.id,
      createdAt: asset.createdAt,
      updatedAt: asset.createdAt,
    })),
  );
  const values = set.assets.flatMap((asset, index) =>
    assetFields.flatMap((field) => {
      const value = valueFor(definitionOf(field.key), asset.values[field.key]);
      return value === null
        ? []
        : [{ organizationId, assetId: assetIds[index]!, fieldId: fields.idOf(field.key), value }];
    }),
  );
  if (values.length > 0) await tx.insert(assetFieldValues).values(values);

  const hoursRun = definitionOf('hours_run');
  const events = await writeSampleEvents(
    tx,
    organizationId,
    set.events,
    assetIds,
    staff,
    documents,
    (value) => {
      const checked = valueFor(hoursRun, value);
      return checked === null ? null : { fieldId: hoursRun!.id, value: checked };
    },
  );
  const scheduleIds = await writeSampleSchedules(tx, context, set.schedules, assetIds);
  await createDueTasksIn(tx, { organizationId, timeZone: actor.timeZone, now, scheduleIds });
  await insertSampleRecords(tx, organizationId, now, [
    { kind: 'asset', ids: assetIds },
    { kind: 'field', ids: fields.created },
    { kind: 'schedule', ids: scheduleIds },
  ]);
  return { assets: assetIds.length, events, schedules: scheduleIds.length, files: documents.length };
}

/** The sample's history: its completed and started work, with a reading on some and two documents. */
async function writeSampleEvents(
  tx: DbOrTx,
  organizationId: string,
  events: SampleEvent[],
  assetIds: string[],
  staff: { id: string }[],
  documents: StoredDocument[],
  readingOf: (value: string) => { fieldId: string; value: string } | null,
): Promise<number> {
  const rows = events.map((event) => {
    const by = staff[event.by % staff.length]!.id;
    return {
      id: uuidv7(),
      organizationId,
      assetId: assetIds[event.asset]!,
      title: event.title,
      notes: event.notes,
      recordedBy: event.recordedBy,
      performedAt: event.completedAt ?? event.performedAt,
      taskStatus: event.status,
      taskStartedAt: event.performedAt,
      taskStartedById: by,
      taskCompletedAt: event.completedAt,
      taskCompletedById: event.completedAt ? by : null,
      createdById: by,
      updatedById: by,
      createdAt: event.performedAt,
      updatedAt: event.completedAt ?? event.performedAt,
    };
  });
  await tx.insert(maintenanceEvents).values(rows);
  const readings = events.flatMap((event, index) => {
    const reading = event.hoursRun ? readingOf(event.hoursRun) : null;
    return reading ? [{ organizationId, eventId: rows[index]!.id, ...reading }] : [];
  });
  if (readings.length > 0) await tx.insert(eventFieldValues).values(readings);
  if (documents.length > 0) {
    await tx.insert(files).values(
      documents.map((document) => {
        const row = rows[events.indexOf(document.event)]!;
        return {
          organizationId,
          assetId: row.assetId,
          eventId: row.id,
          objectKey: document.objectKey,
          fileName: document.event.file!.fileName,
          contentType: 'application/pdf',
          size: document.size,
          createdById: row.createdById,
          createdAt: row.createdAt,
        };
      }),
    );
  }
  return rows.length;
}

/**
 * The sample's schedules, each with its first due dates done already (on time, every fourth one
 * late) so PM compliance has something to show; the engine then creates the tasks due now.
 */
async function writeSampleSchedules(
  tx: DbOrTx,
  context: SampleDataContext,
  planned: SampleSchedule[],
  assetIds: string[],
): Promise<string[]> {
  const { actor } = context;
  const organizationId = actor.organizationId;
  const history: (typeof maintenanceEvents.$inferInsert)[] = [];
  const rows: ScheduleInsert[] = planned.map((schedule) => {
    const id = uuidv7();
    const rrule = toRRuleText(schedule.recurrence, schedule.startsOn, null);
    const assetId = assetIds[schedule.asset]!;
    const assigneeId = schedule.assigned ? actor.id : null;
    const dueDates = occurrencesFrom(
      rrule,
      schedule.startsOn,
      schedule.startsOn,
      schedule.completedBefore + 1,
    );
    dueDates.slice(0, schedule.completedBefore).forEach((dueOn, index) => {
      const late = index % 4 === 3;
      const startedAt = new Date(Date.parse(`${addDays(dueOn, late ? 3 : -1)}T10:00:00Z`));
      const completedAt = new Date(startedAt.getTime() + DAY_MS / 24);
      history.push({
        organizationId,
        assetId,
        title: schedule.title,
        notes: schedule.notes,
        // Performed when completed (ADR 096).
        performedAt: completedAt,
        taskStatus: 'Completed',
        taskStartedAt: startedAt,
        taskStartedById: actor.id,
        taskCompletedAt: completedAt,
        taskCompletedById: actor.id,
        dueOn,
        scheduleId: id,
        assigneeId,
        createdAt: new Date(Date.parse(`${dueOn}T00:00:00Z`) - schedule.leadDays * DAY_MS),
        updatedAt: completedAt,
      });
    });
    return {
      id,
      organizationId,
      assetId,
      title: schedule.title,
      notes: schedule.notes,
      recurrence: schedule.recurrence,
      rrule,
      mode: schedule.mode,
      leadDays: schedule.leadDays,
      assigneeId,
      startsOn: schedule.startsOn,
      nextDueOn:
        schedule.completedBefore > 0
          ? (dueDates[schedule.completedBefore] ?? null)
          : firstDueDate({ rrule, mode: schedule.mode, startsOn: schedule.startsOn, endsOn: null }),
      createdById: actor.id,
      updatedById: actor.id,
    };
  });
  await insertSchedules(tx, rows);
  if (history.length > 0) await tx.insert(maintenanceEvents).values(history);
  return rows.map((row) => row.id!);
}

/**
 * Removes the sample (administrators): its assets with their history, files and schedules, and the
 * custom fields it created that hold no value any more. A sample asset someone edited, or added an
 * event, a file or a schedule to, stays (and so do the fields it uses): it is theirs now. The sample
 * is then forgotten: what stays is the organization's own. One audit entry on the organization.
 */
export async function removeSampleData(db: Db, context: SampleDataContext): Promise<TSampleDataRemoved> {
  const { actor } = context;
  const organizationId = actor.organizationId;
  const outcome = await db.transaction(async (tx) => {
    const organizationName = await lockOrganization(tx, organizationId);
    const { present } = await getSampleDataStatus(tx, organizationId);
    const sampleAssets = await findSampleAssetsForUpdate(tx, organizationId);
    const removing = sampleAssets.filter((asset) => !asset.changed).map((asset) => asset.id);
    const history =
      removing.length > 0 ? await deleteAssetsWithHistory(tx, organizationId, removing) : new Map();
    const fields = await deleteUnusedSampleFields(tx, organizationId);
    await deleteSampleRecords(tx, organizationId);
    const result = { removed: removing.length, kept: sampleAssets.length - removing.length, fields };
    if (present) {
      await auditSampleData(tx, context, organizationName, {
        changes: { 'Sample data': { from: `${sampleAssets.length} assets`, to: null } },
        ...result,
      });
    }
    return { result, objectKeys: objectKeysOf(history) };
  });
  await removeObjects(context, outcome.objectKeys);
  return outcome.result;
}
