import { FIELD_VALUE_SAID, IMPORT_MESSAGES, IMPORT_SAID } from '@mqr/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '#server/db/client.ts';
import { eventFieldValues, maintenanceEvents } from '#server/db/schema.ts';
import { type AuditRecord, recordAudits } from '../audit-logs/index.ts';
import { type CheckedEventRow, checkEventRow } from './event-rows.ts';
import { type ImportKindRules, rowStopped, stopAtBrokenRow } from './import-kind.ts';
import { type ImportPlan, type RowProblem, rowProblem } from './plan.ts';
import {
  type EventIdentity,
  findAssetsBySlugs,
  findRecordedEvents,
  findUsersByName,
  lockHistoryImports,
  updateImportRun,
} from './queries.ts';

type FoundAsset = { id: string; retiredAt: Date | null };

/** The organization's assets the rows name, by slug: one statement per batch. */
async function assetsOf(db: DbOrTx, organizationId: string, rows: CheckedEventRow[]) {
  const slugs = [...new Set(rows.flatMap((row) => (row.slug ? [row.slug] : [])))];
  const found = await findAssetsBySlugs(db, organizationId, slugs);
  return new Map<string, FoundAsset>(found.map((asset) => [asset.slug, asset]));
}

const identityKey = (assetKey: string, title: string, performedAt: Date) =>
  `${assetKey}\n${title}\n${performedAt.getTime()}`;

/**
 * The problems of one row beyond its cells: an asset the organization does not have, or has retired;
 * the same event (asset, title, performed at) in an earlier row of the file; the required event
 * fields no column fills (every row creates an event).
 */
function historyProblems(
  plan: ImportPlan,
  row: CheckedEventRow,
  assets: ReadonlyMap<string, FoundAsset>,
  firstRowOfEvent: Map<string, number>,
): RowProblem[] {
  const problems = [...row.problems];
  const header = (column: number | undefined) => (column === undefined ? '' : (plan.headers[column] ?? ''));
  if (row.slug) {
    const asset = assets.get(row.slug);
    if (!asset) problems.push(rowProblem(header(plan.columns.asset), IMPORT_MESSAGES.assetNotFound));
    else if (asset.retiredAt)
      problems.push(rowProblem(header(plan.columns.asset), IMPORT_MESSAGES.assetRetired));
  }
  if (row.slug && row.title && row.performedAt) {
    const key = identityKey(row.slug, row.title, row.performedAt);
    const first = firstRowOfEvent.get(key);
    if (first !== undefined) {
      problems.push(rowProblem(header(plan.columns.title), IMPORT_SAID.eventTwice(first)));
    } else firstRowOfEvent.set(key, row.rowNumber);
  }
  for (const rule of plan.requiredElsewhere) {
    problems.push(rowProblem(rule.label, FIELD_VALUE_SAID.required(rule.label)));
  }
  return problems;
}

/**
 * The user each name stands for (an email or a display name, case-insensitively, of exactly one user
 * of the organization); a name that matches none, or several, is kept as the name it is.
 */
async function peopleOf(db: DbOrTx, organizationId: string, rows: CheckedEventRow[]) {
  const names = new Set(
    rows
      .flatMap((row) => [row.startedBy, row.completedBy])
      .flatMap((name) => (name ? [name.toLowerCase()] : [])),
  );
  const found = await findUsersByName(db, organizationId, [...names]);
  const people = new Map<string, string>();
  for (const name of names) {
    const matches = found.filter((user) => user.email === name || user.displayName.toLowerCase() === name);
    if (matches.length === 1) people.set(name, matches[0]!.id);
  }
  /** The user a name stands for, or the name kept as text (ADR 095); both null without a name. */
  return (name: string | null) => {
    const id = name ? (people.get(name.toLowerCase()) ?? null) : null;
    return { id, name: id ? null : name };
  };
}

/** The earliest of the moments an event has: its record's creation, so its turnaround is never negative. */
function earliest(...moments: (Date | null)[]): Date {
  const times = moments.flatMap((moment) => (moment ? [moment.getTime()] : []));
  return new Date(Math.min(...times));
}

/**
 * An import of maintenance history: each row adds a past event to an existing asset of the
 * organization (found by its slug, case-insensitively), unless that asset already has the same event
 * (same title and performed-at moment), which is skipped: a file imported twice adds its events once
 * (ADR 049).
 */
export const eventImport: ImportKindRules = {
  startCheck(db, organizationId, plan) {
    const firstRowOfEvent = new Map<string, number>();
    return async (rows) => {
      const checked = rows.map((r) => checkEventRow(plan, r.sheetRow, r.cells));
      const assets = await assetsOf(db, organizationId, checked);
      const problems = checked.flatMap((row) =>
        historyProblems(plan, row, assets, firstRowOfEvent).map((problem) => ({
          ...problem,
          rowNumber: row.rowNumber,
        })),
      );
      return { problems };
    };
  },
  commitChunk(db, run, plan, actor, rows) {
    const organizationId = run.organizationId;
    const fieldIds = plan.fields.map((field) => field.fieldId);
    if (fieldIds.some((id) => id === null)) throw new Error('The import has fields still to create.');
    const checked = rows.map((r) => checkEventRow(plan, r.sheetRow, r.cells));
    stopAtBrokenRow(checked);
    return db.transaction(async (tx) => {
      // One history import of the organization writes at a time: its look-up of the events already
      // recorded stays true until its own events are in.
      await lockHistoryImports(tx, organizationId);
      const assets = await assetsOf(tx, organizationId, checked);
      const firstRowOfEvent = new Map<string, number>();
      for (const row of checked) {
        const [problem] = historyProblems(plan, row, assets, firstRowOfEvent);
        if (problem) throw rowStopped(row.rowNumber, problem);
      }
      const personOf = await peopleOf(tx, organizationId, checked);
      const identities: EventIdentity[] = checked.map((row) => ({
        assetId: assets.get(row.slug)!.id,
        title: row.title,
        performedAt: row.performedAt!,
      }));
      const recorded = new Set(
        (await findRecordedEvents(tx, organizationId, identities)).map((e) =>
          identityKey(e.assetId, e.title, e.performedAt),
        ),
      );
      const now = new Date();
      const events = checked.flatMap((row, index) => {
        const identity = identities[index]!;
        if (recorded.has(identityKey(identity.assetId, identity.title, identity.performedAt))) return [];
        return [
          {
            row,
            values: {
              id: uuidv7(),
              organizationId,
              ...identity,
              notes: row.notes,
              recordedBy: row.recordedBy,
              taskStatus: row.status,
              taskStartedAt: row.startedAt,
              taskStartedById: personOf(row.startedBy).id,
              taskStartedByName: personOf(row.startedBy).name,
              taskCompletedAt: row.completedAt,
              taskCompletedById: personOf(row.completedBy).id,
              taskCompletedByName: personOf(row.completedBy).name,
              createdById: actor?.id ?? null,
              updatedById: actor?.id ?? null,
              createdAt: earliest(identity.performedAt, row.startedAt, row.completedAt),
              updatedAt: now,
            },
          },
        ];
      });
      if (events.length > 0) {
        await tx.insert(maintenanceEvents).values(events.map((event) => event.values));
        const values = events.flatMap(({ row, values: event }) =>
          row.values.flatMap((value, index) =>
            value === null ? [] : [{ organizationId, eventId: event.id, fieldId: fieldIds[index]!, value }],
          ),
        );
        if (values.length > 0) await tx.insert(eventFieldValues).values(values);
      }
      await recordAudits(
        tx,
        events.map(
          ({ values: event }): AuditRecord => ({
            organizationId,
            actor,
            action: 'CREATE',
            entityType: 'MaintenanceEvent',
            entityId: event.id,
            entityName: event.title,
            changes: { created: true, import: run.fileName },
            ipAddress: null,
          }),
        ),
      );
      return updateImportRun(tx, organizationId, run.id, ['Importing'], {
        rowsDone: rows.at(-1)?.rowNumber ?? run.rowsDone,
        createdCount: run.createdCount + events.length,
      });
    });
  },
};
