import { randomUUID } from 'node:crypto';
import {
  ASSET_MESSAGES,
  localDate,
  negotiateLanguage,
  REQUEST_BLOCK_DAYS,
  REQUEST_MESSAGES,
  requestStatusPath,
  type TLanguage,
  type TPublicReporting,
  type TReportCreated,
  type TRequestCloseReason,
  type TRequestDetail,
  type TRequestListItem,
  type TRequestPage,
  type TRequestStatus,
  type TRequestWaitingCount,
  type ZAcceptRequestBody,
  type ZReportFields,
  type ZRequestListQuery,
} from '@mqr/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { asOrganization, asSystem } from '#server/db/scope.ts';
import type { JobRunner } from '#server/jobs/job-runner.ts';
import { AppError, conflict, forbidden, invalidField, notFound } from '#server/lib/app-error.ts';
import type { FairSlots } from '#server/lib/fair-slots.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { isUuid } from '#server/lib/uuid.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { newUploadKey } from '#server/storage/object-keys.ts';
import { auditEntryWrite, recordAudit } from '../audit-logs/index.ts';
import { emailReporter, emailUnsafeReport, type ReporterEmailContent } from '../reminders/index.ts';
import { emitEventRecorded, emitRequestEvent, requestCreatedWrites } from '../webhooks/index.ts';
import {
  challengeRefused,
  hashToken,
  isReplayedChallenge,
  isStatusToken,
  type ReportGuards,
} from './guards.ts';
import {
  addMeToo,
  attachPhotosToTask,
  blockSender,
  countWaiting,
  findNames,
  findOpenReport,
  findOpenTask,
  findPhotos,
  findReportableAsset,
  findReportTarget,
  findRequestIdByTokenHash,
  findRequestView,
  findTriageRole,
  insertReport,
  insertTask,
  isActiveUser,
  isAssetRetired,
  type ListCursor,
  listRequests,
  markDoneForTask,
  markTriaged,
  type ReportableAsset,
  type RequestView,
  reopenForDeletedTask,
  taskExists,
} from './queries.ts';

/** What the module needs of the app (requests-plugin.ts). */
export interface RequestsDeps {
  db: Db;
  storage: FileStorage;
  guards: ReportGuards;
  /** The outbox of emails, when the server has a mail server (its delivery job exists only then). */
  mail: { jobs: JobRunner; statusLinks: SecretBox } | null;
  /**
   * The instance's slots for public writes (a report, "me too"): at most PUBLIC_WRITES_AT_ONCE at a
   * time, the others wait their turn (ADR 152), a share per organization (ADR 153).
   */
  publicWrites: FairSlots;
}

export type ReportFields = z.output<typeof ZReportFields>;
export type RequestListQuery = z.output<typeof ZRequestListQuery>;
export type AcceptInput = z.output<typeof ZAcceptRequestBody>;

/** A photo the route read and checked by its bytes. */
export interface ReportPhoto {
  bytes: Buffer;
  contentType: string;
}

/** Unknown asset, reporting off, retired: the same 404, so nothing tells them apart. */
const assetNotFound = () => notFound('Asset');

/** Whether the public page offers the form: the organization's setting and the asset's, in service. */
const offersForm = (asset: Pick<ReportableAsset, 'retired' | 'assetReporting' | 'organizationReporting'>) =>
  !asset.retired && asset.assetReporting && asset.organizationReporting;

const reportable = <T extends ReportableAsset>(asset: T | undefined): asset is T =>
  asset !== undefined && offersForm(asset);

async function reportableAsset(db: DbOrTx, organizationId: string, slug: string): Promise<ReportableAsset> {
  const asset = await findReportableAsset(db, organizationId, slug);
  if (!reportable(asset)) throw assetNotFound();
  return asset;
}

/** What the public page has read already that says whether it offers the form. */
export interface PublicReportingFacts {
  asset: { id: string; retiredAt: Date | null; reportingEnabled: boolean };
  organization: { id: string; reportingEnabled: boolean; showOpenReports: boolean; timeZone: string };
}

/**
 * `reporting` of the public asset page: whether "Report a problem" is offered (offersForm,
 * on the asset and organization the page has read), and the open report being handled (newest),
 * only where the organization shows open reports: at most one statement.
 */
export async function getPublicReporting(
  db: DbOrTx,
  { asset, organization }: PublicReportingFacts,
): Promise<TPublicReporting> {
  const offered = offersForm({
    retired: asset.retiredAt !== null,
    assetReporting: asset.reportingEnabled,
    organizationReporting: organization.reportingEnabled,
  });
  if (!offered) return { enabled: false, handling: null };
  if (!organization.showOpenReports) return { enabled: true, handling: null };
  const open = await findOpenReport(db, organization.id, asset.id);
  return {
    enabled: true,
    handling: open
      ? {
          reportedOn: localDate(open.createdAt, organization.timeZone),
          meTooCount: open.meTooCount,
          requestId: open.id,
        }
      : null,
  };
}

/** A new challenge for the asset's form (404 where the form is not offered). */
export async function newChallenge(deps: RequestsDeps, organizationId: string, slug: string, now: Date) {
  await reportableAsset(deps.db, organizationId, slug);
  return deps.guards.challenge(now);
}

export interface ReportContext {
  ip: string;
  acceptLanguage: string | undefined;
  idempotencyKey: string | undefined;
  now: Date;
  onStorageError: (error: unknown, objectKey: string) => void;
}

const createdAnswer = (token: string): TReportCreated => ({ token, statusUrl: requestStatusPath(token) });

/**
 * A report from the public page (ADR 129). In this order: the asset offers the form (404), the same
 * Idempotency-Key answers the first report (the token is derived from it), the limits per address
 * and per asset (429), a blocked sender (403), the solved challenge (400), used once (in Redis where
 * there is one); then the photos are stored and the report, its photos, the audit entry,
 * `request.created`, the emails and, without Redis, the challenge's use commit together: one
 * statement (insertReport), in a transaction only with emails. A challenge used before fails that
 * statement (400) and its photos leave storage again. Nothing is written before every check passed.
 */
export async function createReport(
  deps: RequestsDeps,
  context: ReportContext,
  params: { organizationId: string; slug: string },
  fields: ReportFields,
  photos: ReportPhoto[],
): Promise<{ created: boolean; answer: TReportCreated }> {
  const { db, guards } = deps;
  const senderHash = guards.senderHash(context.ip);
  const asset = await findReportTarget(db, params.organizationId, params.slug, senderHash, context.now);
  if (!reportable(asset)) throw assetNotFound();
  const organizationId = asset.organizationId;
  const key = context.idempotencyKey;
  const token = guards.newToken(key ? { organizationId, assetId: asset.id, key } : undefined);
  const tokenHash = hashToken(token);
  if (key && (await asSystem(() => findRequestIdByTokenHash(db, tokenHash)))) {
    return { created: false, answer: createdAnswer(token) };
  }
  await guards.throttle.consume(context.ip, `${organizationId}:${asset.id}`);
  if (asset.senderBlocked) throw new AppError('FORBIDDEN', REQUEST_MESSAGES.blocked);
  // The challenge is taken by the report's own write below where Redis does not take it now.
  const challengeTake = await guards.verifyForWrite(db, fields.altcha, context.now);

  const stored = photos.map((photo) => ({ ...photo, objectKey: newUploadKey(organizationId) }));
  // Photos no row names (a failed store or write, a retry's) leave storage again (ADR 133).
  const discard = async () => {
    for (const photo of stored) {
      await deps.storage
        .delete(photo.objectKey)
        .catch((error) => context.onStorageError(error, photo.objectKey));
    }
  };
  const puts = await Promise.allSettled(
    stored.map((photo) => deps.storage.put(photo.objectKey, photo.bytes, photo.contentType)),
  );
  const failedPut = puts.find((put) => put.status === 'rejected');
  if (failedPut) {
    await discard();
    throw failedPut.reason;
  }
  const language: TLanguage = negotiateLanguage(context.acceptLanguage);
  const statusPath = requestStatusPath(token);
  const today = localDate(context.now, asset.timeZone);
  const requestId = uuidv7();
  const statusLinkSealed = fields.email && deps.mail ? deps.mail.statusLinks.seal(statusPath) : null;
  const sendsEmails = deps.mail !== null && (statusLinkSealed !== null || fields.urgency === 'unsafe');
  // The report, its photos, audit entry and `request.created` in one statement; the emails' outbox
  // joins it in a transaction where there are emails to send.
  const write = async (tx: DbOrTx): Promise<boolean> => {
    const written = await insertReport(
      tx,
      {
        id: requestId,
        organizationId,
        assetId: asset.id,
        urgency: fields.urgency,
        priority: fields.urgency === 'unsafe' ? 1 : 0,
        description: fields.description,
        reporterName: fields.name,
        reporterEmail: fields.email,
        reporterLanguage: language,
        tokenHash,
        statusLinkSealed,
        senderHash,
        createdAt: context.now,
      },
      stored.map((photo) => ({
        objectKey: photo.objectKey,
        contentType: photo.contentType,
        size: photo.bytes.length,
      })),
      (report) => [
        ...(challengeTake ? [challengeTake] : []),
        auditEntryWrite(
          {
            organizationId,
            actor: null,
            action: 'CREATE',
            entityType: 'Request',
            entityId: requestId,
            entityName: asset.name,
            changes: { created: true, urgency: fields.urgency, photos: stored.length },
            ipAddress: null,
          },
          report,
        ),
        requestCreatedWrites(
          organizationId,
          {
            requestId,
            assetId: asset.id,
            urgency: fields.urgency,
            description: fields.description,
            photoCount: stored.length,
          },
          report,
        ),
      ],
    );
    if (!written || !deps.mail) return written;
    if (statusLinkSealed && fields.email) {
      await emailReporter(deps.mail.jobs, tx, {
        organizationId,
        localDate: today,
        recipient: fields.email,
        language,
        content: reporterContent(asset, { description: fields.description, statusLinkSealed }, 'received'),
      });
    }
    if (fields.urgency === 'unsafe') {
      await emailUnsafeReport(deps.mail.jobs, tx, {
        organizationId,
        localDate: today,
        content: { requestId, assetName: asset.name, description: fields.description },
      });
    }
    return true;
  };
  const written = await (sendsEmails ? db.transaction(write) : write(db)).catch(async (error: unknown) => {
    await discard();
    throw isReplayedChallenge(error) ? challengeRefused() : error;
  });
  if (!written) {
    // The same key's report committed meanwhile: its answer stands, these photos are not needed.
    await discard();
    return { created: false, answer: createdAnswer(token) };
  }
  return { created: true, answer: createdAnswer(token) };
}

function reporterContent(
  names: { organizationName: string; name?: string; assetName?: string },
  request: { description: string; statusLinkSealed: string | null },
  news: ReporterEmailContent['news'],
  extra: { doneOn?: string; closedReason?: TRequestCloseReason } = {},
): ReporterEmailContent {
  return {
    news,
    organizationName: names.organizationName,
    assetName: names.assetName ?? names.name ?? '',
    description: request.description,
    statusPathSealed: request.statusLinkSealed ?? '',
    ...extra,
  };
}

/** "Me too" of another visitor on an open report of the asset: once per address (challenge solved). */
export async function addMeTooReport(
  deps: RequestsDeps,
  context: Pick<ReportContext, 'ip' | 'now'>,
  params: { organizationId: string; slug: string; requestId: string },
  altcha: string,
): Promise<{ meTooCount: number }> {
  const asset = await reportableAsset(deps.db, params.organizationId, params.slug);
  if (!asset.showOpenReports || !isUuid(params.requestId)) throw assetNotFound();
  await deps.guards.throttle.consume(context.ip, `${asset.organizationId}:${asset.id}`);
  await deps.guards.verify(deps.db, altcha, context.now);
  const senderHash = deps.guards.senderHash(context.ip);
  const count = await deps.db.transaction((tx) =>
    addMeToo(tx, asset.organizationId, asset.id, params.requestId.toLowerCase(), senderHash),
  );
  if (count === undefined) throw assetNotFound();
  return { meTooCount: count };
}

/** The reporter's view of their report, by its private token; one 404 for any token we do not know. */
export async function getRequestStatus(db: Db, token: string): Promise<TRequestStatus> {
  const missing = () => notFound('Resource');
  if (!isStatusToken(token)) throw missing();
  const found = await asSystem(() => findRequestIdByTokenHash(db, hashToken(token)));
  if (!found) throw missing();
  return asOrganization(found.organizationId, async () => {
    const view = await findRequestView(db, found.organizationId, found.id);
    const names = view && (await findNames(db, found.organizationId, view.assetId));
    if (!view || !names) throw missing();
    return {
      assetName: view.assetName,
      reportedAt: view.createdAt.toISOString(),
      urgency: view.urgency,
      description: view.description,
      state: view.state,
      ...(view.state !== 'closed' && view.taskId && view.triagedAt
        ? { acceptedAt: view.triagedAt.toISOString() }
        : {}),
      ...(view.doneAt ? { doneOn: localDate(view.doneAt, names.timeZone) } : {}),
      ...(view.closedReason ? { closedReason: view.closedReason } : {}),
    };
  });
}

// Staff.

const requestNotFound = () => notFound('Resource');

/** Staff may triage per the organization's setting: members and administrators, or administrators only. */
async function assertMayTriage(db: DbOrTx, actor: AuthUser): Promise<void> {
  if (actor.isAdmin || actor.isSuperAdmin) return;
  if ((await findTriageRole(db, actor.organizationId)) === 'admin')
    throw forbidden(REQUEST_MESSAGES.triageForbidden);
}

export function toItem(view: RequestView): TRequestListItem {
  return {
    id: view.id,
    asset: { id: view.assetId, name: view.assetName, slug: view.assetSlug },
    urgency: view.urgency,
    description: view.description,
    ...(view.reporterName ? { reporterName: view.reporterName } : {}),
    hasEmail: view.reporterEmail !== null,
    photoCount: view.photoCount,
    ...(view.firstPhotoId ? { firstPhotoId: view.firstPhotoId } : {}),
    meTooCount: view.meTooCount,
    state: view.state,
    createdAt: view.createdAt.toISOString(),
    ...(view.taskId ? { taskId: view.taskId } : {}),
    ...(view.closedReason ? { closedReason: view.closedReason } : {}),
  };
}

const encodeCursor = (view: RequestView) =>
  Buffer.from(JSON.stringify([view.priority, view.createdAt.toISOString(), view.id])).toString('base64url');

function decodeCursor(cursor: string | undefined): ListCursor | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const [priority, createdAt, id] = JSON.parse(
      Buffer.from(cursor, 'base64url').toString('utf8'),
    ) as unknown[];
    if (
      (priority === 0 || priority === 1) &&
      typeof createdAt === 'string' &&
      !Number.isNaN(Date.parse(createdAt)) &&
      typeof id === 'string' &&
      isUuid(id)
    ) {
      return { priority, createdAt, id };
    }
  } catch {
    // Falls through to the refusal.
  }
  throw invalidField('cursor', REQUEST_MESSAGES.cursorInvalid);
}

export async function listOrganizationRequests(
  db: DbOrTx,
  actor: AuthUser,
  query: RequestListQuery,
): Promise<TRequestPage> {
  if (query.assetId && !isUuid(query.assetId)) throw invalidField('assetId', REQUEST_MESSAGES.assetIdInvalid);
  const rows = await listRequests(
    db,
    actor.organizationId,
    {
      state: query.state,
      urgency: query.urgency,
      assetId: query.assetId?.toLowerCase(),
      q: query.q || undefined,
    },
    decodeCursor(query.cursor),
    query.limit,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

export function getWaitingCount(db: DbOrTx, actor: AuthUser): Promise<TRequestWaitingCount> {
  return countWaiting(db, actor.organizationId);
}

const photoUrl = (requestId: string, photoId: string) => `/api/requests/${requestId}/photos/${photoId}`;

async function requestView(db: DbOrTx, organizationId: string, id: string, forUpdate = false) {
  const view = isUuid(id)
    ? await findRequestView(db, organizationId, id.toLowerCase(), { forUpdate })
    : undefined;
  if (!view) throw requestNotFound();
  return view;
}

async function detailOf(db: DbOrTx, organizationId: string, view: RequestView): Promise<TRequestDetail> {
  const photos = await findPhotos(db, organizationId, view.id);
  return {
    ...toItem(view),
    photos: photos.map((photo) => ({ id: photo.id, url: photoUrl(view.id, photo.id) })),
  };
}

export async function getRequestDetail(db: DbOrTx, actor: AuthUser, id: string): Promise<TRequestDetail> {
  return detailOf(db, actor.organizationId, await requestView(db, actor.organizationId, id));
}

/** A photo of a request of the organization, to send (staff only). */
export async function getRequestPhoto(db: DbOrTx, actor: AuthUser, id: string, photoId: string) {
  const view = await requestView(db, actor.organizationId, id);
  const photo = (await findPhotos(db, actor.organizationId, view.id)).find(
    (p) => p.id === photoId.toLowerCase(),
  );
  if (!photo) throw notFound('File');
  return photo;
}

export interface TriageContext {
  actor: AuthUser;
  ipAddress: string;
  now: Date;
}

async function tellReporter(
  deps: RequestsDeps,
  tx: DbOrTx,
  organizationId: string,
  view: Pick<
    RequestView,
    'assetId' | 'description' | 'reporterEmail' | 'reporterLanguage' | 'statusLinkSealed'
  >,
  news: ReporterEmailContent['news'],
  now: Date,
  extra: { doneOn?: string; closedReason?: TRequestCloseReason } = {},
): Promise<void> {
  if (!deps.mail || !view.reporterEmail || !view.statusLinkSealed) return;
  const names = await findNames(tx, organizationId, view.assetId);
  if (!names) return;
  await emailReporter(deps.mail.jobs, tx, {
    organizationId,
    localDate: localDate(now, names.timeZone),
    recipient: view.reporterEmail,
    language: view.reporterLanguage,
    content: reporterContent(names, view, news, extra),
  });
}

/** A new request of the organization, locked for its triage; 409 once triaged. */
async function newRequestForTriage(tx: DbOrTx, context: TriageContext, id: string): Promise<RequestView> {
  const view = await requestView(tx, context.actor.organizationId, id, true);
  if (view.state !== 'new') throw conflict(REQUEST_MESSAGES.notNew);
  return view;
}

function triageAudit(
  context: TriageContext,
  view: RequestView,
  action: 'ACCEPT' | 'MERGE' | 'CLOSE',
  changes: object,
) {
  return {
    organizationId: context.actor.organizationId,
    actor: context.actor,
    action,
    entityType: 'Request',
    entityId: view.id,
    entityName: view.assetName,
    changes,
    ipAddress: context.ipAddress,
  } as const;
}

/** The task's title: the report's first line, cut to the title's length. */
const taskTitle = (description: string) => {
  const line = description.split('\n')[0]!.trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
};

/**
 * Accepts a new request: a Pending task on its asset (an optional assignee of the organization and
 * due date), the report's text as its title and notes and its photos as its files, in one
 * transaction with the audit entries, the webhook and the reporter's email.
 */
export async function acceptRequest(
  deps: RequestsDeps,
  context: TriageContext,
  id: string,
  body: AcceptInput,
): Promise<{ request: TRequestDetail; taskId: string }> {
  const { db } = deps;
  const organizationId = context.actor.organizationId;
  await assertMayTriage(db, context.actor);
  const taskId = await db.transaction(async (tx) => {
    const view = await newRequestForTriage(tx, context, id);
    if (await isAssetRetired(tx, organizationId, view.assetId)) throw conflict(ASSET_MESSAGES.retired);
    if (body.assigneeId && !(await isActiveUser(tx, organizationId, body.assigneeId))) {
      throw invalidField('assigneeId', REQUEST_MESSAGES.assigneeInvalid);
    }
    const task = await insertTask(tx, {
      id: randomUUID(),
      organizationId,
      assetId: view.assetId,
      title: taskTitle(view.description),
      notes: view.description,
      assigneeId: body.assigneeId,
      dueOn: body.dueDate,
      actorId: context.actor.id,
      now: context.now,
    });
    await attachPhotosToTask(tx, organizationId, view.id, task, context.actor.id);
    await markTriaged(tx, organizationId, view.id, {
      state: 'accepted',
      taskId: task.id,
      actorId: context.actor.id,
      now: context.now,
    });
    await recordAudit(tx, triageAudit(context, view, 'ACCEPT', { status: 'accepted', taskId: task.id }));
    await recordAudit(tx, {
      organizationId,
      actor: context.actor,
      action: 'CREATE',
      entityType: 'MaintenanceEvent',
      entityId: task.id,
      entityName: task.title,
      changes: { created: true, requestId: view.id },
      ipAddress: context.ipAddress,
    });
    await emitEventRecorded(tx, task);
    await tellReporter(deps, tx, organizationId, view, 'accepted', context.now);
    return task.id;
  });
  return { request: await getRequestDetail(db, context.actor, id), taskId };
}

/** Merges a new request into an open task of the organization (its photos join the task's files). */
export async function mergeRequest(
  deps: RequestsDeps,
  context: TriageContext,
  id: string,
  taskId: string,
): Promise<{ request: TRequestDetail }> {
  const { db } = deps;
  const organizationId = context.actor.organizationId;
  await assertMayTriage(db, context.actor);
  await db.transaction(async (tx) => {
    const view = await newRequestForTriage(tx, context, id);
    const task = await findOpenTask(tx, organizationId, taskId.toLowerCase());
    if (!task) {
      if (!(await taskExists(tx, organizationId, taskId.toLowerCase()))) throw notFound('Maintenance event');
      throw conflict(REQUEST_MESSAGES.taskNotOpen);
    }
    await attachPhotosToTask(tx, organizationId, view.id, task, context.actor.id);
    await markTriaged(tx, organizationId, view.id, {
      state: 'accepted',
      taskId: task.id,
      actorId: context.actor.id,
      now: context.now,
    });
    await recordAudit(tx, triageAudit(context, view, 'MERGE', { status: 'accepted', taskId: task.id }));
    await tellReporter(deps, tx, organizationId, view, 'accepted', context.now);
  });
  return { request: await getRequestDetail(db, context.actor, id) };
}

/** Closes a new request with a reason; closed as spam, its sender may be blocked REQUEST_BLOCK_DAYS days. */
export async function closeRequest(
  deps: RequestsDeps,
  context: TriageContext,
  id: string,
  body: { reason: TRequestCloseReason; blockSender?: boolean | undefined },
): Promise<{ request: TRequestDetail }> {
  const { db } = deps;
  const organizationId = context.actor.organizationId;
  await assertMayTriage(db, context.actor);
  await db.transaction(async (tx) => {
    const view = await newRequestForTriage(tx, context, id);
    await markTriaged(tx, organizationId, view.id, {
      state: 'closed',
      closedReason: body.reason,
      actorId: context.actor.id,
      now: context.now,
    });
    const blocked = body.reason === 'spam' && body.blockSender === true;
    if (blocked) {
      await blockSender(
        tx,
        organizationId,
        view.senderHash,
        new Date(context.now.getTime() + REQUEST_BLOCK_DAYS * 86_400_000),
      );
    }
    await recordAudit(
      tx,
      triageAudit(context, view, 'CLOSE', { status: 'closed', reason: body.reason, blockSender: blocked }),
    );
    await emitRequestEvent(tx, organizationId, 'request.closed', {
      requestId: view.id,
      assetId: view.assetId,
      reason: body.reason,
    });
    // A spammer gets no news of it.
    if (body.reason !== 'spam') {
      await tellReporter(deps, tx, organizationId, view, 'closed', context.now, {
        closedReason: body.reason,
      });
    }
  });
  return { request: await getRequestDetail(db, context.actor, id) };
}

/**
 * A task was completed (the events module, in its transaction): the requests accepted into it are
 * done, and their reporters are told.
 */
export async function onTaskCompleted(
  deps: RequestsDeps | undefined,
  tx: DbOrTx,
  task: { organizationId: string; id: string },
  now: Date,
): Promise<void> {
  const done = await markDoneForTask(tx, task.organizationId, task.id, now);
  if (!deps) return;
  for (const request of done) {
    const names = await findNames(tx, task.organizationId, request.assetId);
    await tellReporter(deps, tx, task.organizationId, request, 'done', now, {
      doneOn: localDate(now, names?.timeZone ?? 'UTC'),
    });
  }
}

/**
 * A task is about to be deleted (the events module, in its transaction, before its row goes: its
 * foreign key would only clear task_id): the requests accepted into it wait again (new, untriaged)
 * with an UPDATE audit entry each, so that staff accept or close them anew (ADR 133).
 */
export async function onTaskDeleted(
  tx: DbOrTx,
  context: { actor: AuthUser; ipAddress: string },
  taskId: string,
): Promise<void> {
  const organizationId = context.actor.organizationId;
  for (const request of await reopenForDeletedTask(tx, organizationId, taskId)) {
    await recordAudit(tx, {
      organizationId,
      actor: context.actor,
      action: 'UPDATE',
      entityType: 'Request',
      entityId: request.id,
      entityName: request.assetName,
      changes: { status: 'new', reason: 'taskDeleted', taskId },
      ipAddress: context.ipAddress,
    });
  }
}
