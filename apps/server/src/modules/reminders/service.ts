import {
  addDays,
  DIGEST_HOUR,
  DIGEST_SECTION_LIMIT,
  DUE_SOON_DAYS,
  localDate,
  type TLanguage,
} from '@mqr/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { Db, DbOrTx } from '#server/db/client.ts';
import type { JobRunner } from '#server/jobs/job-runner.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import {
  renderSignInSettingsAlert,
  SIGN_IN_SETTINGS_ALERT,
  type SignInSettingsAlertContent,
} from './alert-message.ts';
import { buildDigests, type DigestContent, withWaitingRequests } from './digest.ts';
import { type DigestLinks, renderDigest, turnOffLink } from './digest-message.ts';
import { isPermanentRefusal, type Mailer, type OutgoingEmail } from './mailer.ts';
import {
  cancelUnwanted,
  claimNextMessage,
  claimOrganizationDigest,
  type Delivery,
  deleteOldOutboxRows,
  failInterrupted,
  failQueued,
  findDigestRows,
  findOrganizationsDueForDigest,
  findTriagers,
  findWaitingRequests,
  insertAdministratorEmails,
  insertDigests,
  insertReporterEmail,
  insertUserEmail,
  type OutboxRow,
  settleMessage,
} from './queries.ts';
import {
  REQUEST_REPORTER_EMAIL,
  REQUEST_UNSAFE_EMAIL,
  type ReporterEmailContent,
  renderReporterEmail,
  renderUnsafeReportEmail,
  type UnsafeReportContent,
} from './request-message.ts';
import { renderUrgentTask, URGENT_TASK_EMAIL, type UrgentTaskContent } from './urgent-message.ts';

/**
 * The queue of email deliveries: one job per organization and date, queued with its outbox rows,
 * which sends whatever of that date is queued (digests, alerts). Its name is from when it sent
 * digests only, kept so jobs queued by an older version still run.
 */
export const EMAIL_DELIVERY_QUEUE = 'reminders.send-digests';

/** Sent, failed and cancelled outbox rows are kept this many days, then deleted. */
const KEEP_OUTBOX_DAYS = 30;

export const DELIVERY_MESSAGES = {
  interrupted:
    'The delivery stopped while the mail server was answering: not sent again, in case the server had accepted it.',
} as const;

export interface ComposeDeps {
  db: Db;
  jobs: JobRunner;
  clock: Clock;
}

/**
 * One organization's digests of its `today`, in one transaction (ADR 060): the organization is taken
 * for that date (a second instance, or a later run, takes nothing), its digests are read with one
 * query, written to the outbox, and their delivery job queued: all of it commits, or none of it.
 * Answers how many digests were written.
 */
async function composeOrganizationDigests(
  deps: ComposeDeps,
  organization: { id: string; timeZone: string },
  now: Date,
): Promise<number> {
  const today = localDate(now, organization.timeZone);
  return deps.db.transaction(async (tx) => {
    const name = await claimOrganizationDigest(tx, organization.id, today);
    if (name === undefined) return 0;
    const rows = await findDigestRows(
      tx,
      organization.id,
      { today, soonUntil: addDays(today, DUE_SOON_DAYS) },
      DIGEST_SECTION_LIMIT,
    );
    const context = { organizationName: name, localDate: today };
    const waiting = await findWaitingRequests(tx, organization.id, DIGEST_SECTION_LIMIT);
    const triagers = waiting.total > 0 ? await findTriagers(tx, organization.id) : [];
    const digests = withWaitingRequests(buildDigests(rows, context), triagers, waiting, context);
    const written = await insertDigests(
      tx,
      organization.id,
      today,
      digests.map((digest) => ({ ...digest, id: uuidv7() })),
    );
    if (written > 0) {
      await deps.jobs.send(
        EMAIL_DELIVERY_QUEUE,
        { organizationId: organization.id, localDate: today },
        { tx, organizationId: organization.id },
      );
    }
    await deleteOldOutboxRows(tx, organization.id, addDays(today, -KEEP_OUTBOX_DAYS));
    return written;
  });
}

/**
 * The daily digests due now (ADR 060): every organization with the digest on whose local time is past
 * DIGEST_HOUR and whose digests of its local date are not composed yet. After downtime that is one
 * digest per person for the day it is, never one per missed day. Safe on several instances at once.
 */
export async function composeDailyDigests(deps: ComposeDeps): Promise<{ digests: number }> {
  const now = deps.clock.now();
  let digests = 0;
  for (const organization of await findOrganizationsDueForDigest(deps.db, now, DIGEST_HOUR)) {
    digests += await composeOrganizationDigests(deps, organization, now);
  }
  return { digests };
}

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  links: DigestLinks;
  log: FastifyBaseLogger;
  /** Opens the reporters' status links sealed in the outbox (ADR 129). */
  statusLinks?: SecretBox;
}

/**
 * An outbox row as the message to send, by its kind, in its recipient's language. Its Message-ID is the same for every try: a
 * copy is one message to the receiver.
 */
function messageOf(
  message: OutboxRow & { language: TLanguage },
  links: DigestLinks,
  statusLinks?: SecretBox,
): Omit<OutgoingEmail, 'to'> {
  const host = new URL(links.publicBaseUrl).hostname;
  if (message.kind === REQUEST_REPORTER_EMAIL) {
    return {
      ...renderReporterEmail(
        message.content as unknown as ReporterEmailContent,
        { ...links, statusLinks },
        message.language,
      ),
      messageId: `<request.${message.id}@${host}>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    };
  }
  if (message.kind === REQUEST_UNSAFE_EMAIL) {
    return {
      ...renderUnsafeReportEmail(message.content as unknown as UnsafeReportContent, links, message.language),
      messageId: `<unsafe-request.${message.id}@${host}>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    };
  }
  if (message.kind === SIGN_IN_SETTINGS_ALERT) {
    return {
      ...renderSignInSettingsAlert(
        message.content as unknown as SignInSettingsAlertContent,
        links,
        message.language,
      ),
      messageId: `<sign-in-settings.${message.id}@${host}>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    };
  }
  if (message.kind === URGENT_TASK_EMAIL) {
    return {
      ...renderUrgentTask(message.content as unknown as UrgentTaskContent, links, message.language),
      messageId: `<urgent-task.${message.id}@${host}>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    };
  }
  return {
    ...renderDigest(message.content as unknown as DigestContent, links, message.language),
    messageId: `<daily-digest.${message.localDate}.${message.userId}@${host}>`,
    headers: { 'List-Unsubscribe': `<${turnOffLink(links)}>`, 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * Emails every active administrator of the organization (ADR 082), in the caller's transaction:
 * the messages and their delivery job commit with the change that caused them, or not at all.
 */
export async function emailAdministrators(
  jobs: JobRunner,
  tx: DbOrTx,
  alert: {
    organizationId: string;
    localDate: string;
    content: Omit<SignInSettingsAlertContent, 'recipientName' | 'organizationName'>;
  },
): Promise<void> {
  const written = await insertAdministratorEmails(tx, {
    organizationId: alert.organizationId,
    localDate: alert.localDate,
    kind: SIGN_IN_SETTINGS_ALERT,
    content: { ...alert.content },
  });
  if (written > 0) {
    await jobs.send(
      EMAIL_DELIVERY_QUEUE,
      { organizationId: alert.organizationId, localDate: alert.localDate },
      { tx, organizationId: alert.organizationId },
    );
  }
}

/** An urgent task's email to its assignee: who, the organization's date, what it says. */
export interface UrgentTaskMessage {
  organizationId: string;
  userId: string;
  localDate: string;
  content: Omit<UrgentTaskContent, 'recipientName' | 'organizationName'>;
}

/** Queues an urgent task's email in the caller's transaction (emailUrgentTask bound to the app's job runner). */
export type UrgentTaskEmail = (tx: DbOrTx, message: UrgentTaskMessage) => Promise<void>;

/**
 * Emails a task's assignee that it was made urgent (ADR 131), in the caller's transaction: the
 * message and its delivery job commit with the change, or not at all. Nothing for an inactive user.
 */
export async function emailUrgentTask(
  jobs: JobRunner,
  tx: DbOrTx,
  message: UrgentTaskMessage,
): Promise<void> {
  const written = await insertUserEmail(tx, {
    organizationId: message.organizationId,
    userId: message.userId,
    localDate: message.localDate,
    kind: URGENT_TASK_EMAIL,
    content: { ...message.content },
  });
  if (written > 0) {
    await jobs.send(
      EMAIL_DELIVERY_QUEUE,
      { organizationId: message.organizationId, localDate: message.localDate },
      { tx, organizationId: message.organizationId },
    );
  }
}

/**
 * Emails the reporter of a request (ADR 129) in the caller's transaction, in `language` (their
 * browser's at report time): the message and its delivery job commit with the change, or not at all.
 */
export async function emailReporter(
  jobs: JobRunner,
  tx: DbOrTx,
  email: {
    organizationId: string;
    localDate: string;
    recipient: string;
    language: TLanguage;
    content: ReporterEmailContent;
  },
): Promise<void> {
  await insertReporterEmail(tx, { ...email, kind: REQUEST_REPORTER_EMAIL, content: { ...email.content } });
  await jobs.send(
    EMAIL_DELIVERY_QUEUE,
    { organizationId: email.organizationId, localDate: email.localDate },
    { tx, organizationId: email.organizationId },
  );
}

/**
 * Emails whoever may triage at once about an unsafe report (ADR 129): the active administrators, and the
 * members where the organization lets members triage (ADR 133), each in their own language.
 */
export async function emailUnsafeReport(
  jobs: JobRunner,
  tx: DbOrTx,
  alert: {
    organizationId: string;
    localDate: string;
    content: Omit<UnsafeReportContent, 'recipientName' | 'organizationName'>;
  },
): Promise<void> {
  const written = await insertAdministratorEmails(tx, {
    organizationId: alert.organizationId,
    localDate: alert.localDate,
    kind: REQUEST_UNSAFE_EMAIL,
    content: { ...alert.content },
    // Whoever may triage it: members too where the organization lets them (ADR 133).
    triagers: true,
  });
  if (written > 0) {
    await jobs.send(
      EMAIL_DELIVERY_QUEUE,
      { organizationId: alert.organizationId, localDate: alert.localDate },
      { tx, organizationId: alert.organizationId },
    );
  }
}

/**
 * Sends a delivery's queued messages (digests, alerts), one at a time, each marked `sending` before it goes and `sent`
 * once the mail server accepted it: it is never sent twice. A refusal for good (an unknown address)
 * fails that message and goes on; any other failure (the server down, a timeout) puts it back and
 * throws, so the job runner tries the delivery again later with a doubling delay; on the last try the
 * messages still queued fail. Answers how many were sent.
 */
export async function deliverEmails(
  deps: DeliveryDeps,
  delivery: Delivery,
  attempt: { last: boolean },
): Promise<{ sent: number }> {
  const interrupted = await failInterrupted(deps.db, delivery, DELIVERY_MESSAGES.interrupted);
  if (interrupted > 0)
    deps.log.warn({ ...delivery, interrupted }, 'email: interrupted messages not sent again');
  await cancelUnwanted(deps.db, delivery);
  let sent = 0;
  for (;;) {
    const message = await claimNextMessage(deps.db, delivery);
    if (!message) return { sent };
    let response: string;
    try {
      ({ response } = await deps.mailer.send({
        to: message.recipient,
        ...messageOf(message, deps.links, deps.statusLinks),
      }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (isPermanentRefusal(error)) {
        deps.log.warn({ ...delivery, message: message.id, err: error }, 'email refused by the mail server');
        await settleMessage(deps.db, message.id, { state: 'failed', error: reason });
        continue;
      }
      await settleMessage(deps.db, message.id, { state: 'queued', error: reason });
      if (attempt.last) await failQueued(deps.db, delivery, reason);
      throw error;
    }
    await settleMessage(deps.db, message.id, { state: 'sent', response });
    sent++;
  }
}
