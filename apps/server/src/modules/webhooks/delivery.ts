import type { LookupAddress } from 'node:dns';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { JobRunner } from '#server/jobs/job-runner.ts';
import { checkEndpointUrl, RefusedAddressError } from '#server/lib/address-guard.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { refusalMessage } from './address-refusals.ts';
import { WEBHOOK_DELIVERY_QUEUE } from './outbox.ts';
import { type AttemptRecord, findDeliveryToSend, recordAttempt } from './queries.ts';
import type { AttemptOutcome, sendWebhook } from './sender.ts';

/** Attempts of one round (the first and its retries) before a delivery fails. */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/** What deliveries need; the same on every instance. */
export interface WebhookDeps {
  db: Db;
  jobs: JobRunner;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Seals the endpoints' signing secrets. */
  secrets: SecretBox;
  /** WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: loopback and private addresses, and http://, allowed. */
  allowPrivate: boolean;
  /** The first retry's delay; each next one is three times the last. */
  firstRetryMs: number;
  /** How host names are resolved for the address checks, and how an attempt is sent (tests without a network replace them). */
  resolve: (host: string) => Promise<LookupAddress[]>;
  send: typeof sendWebhook;
}

/** The delay before retry `n` (1 for the first): 10 s, 30 s, 90 s… with the default, about 3 h in all. */
export const retryDelayMs = (firstRetryMs: number, n: number) => firstRetryMs * 3 ** (n - 1);

export interface DeliveryJob {
  deliveryId: string;
  /** This attempt's number in the delivery's whole life (the log's count). */
  attempt: number;
  /** The number of the round's first attempt (a redelivery starts a new round). */
  first: number;
}

export const deliveryJobOf = (data: Record<string, string>): DeliveryJob => ({
  deliveryId: data.deliveryId ?? '',
  attempt: Number(data.attempt),
  first: Number(data.first),
});

/**
 * One attempt of a delivery, the job of WEBHOOK_DELIVERY_QUEUE: sends it unless it was settled
 * meanwhile, then records the outcome and, on a failure with attempts left in the round, queues
 * the next attempt after its delay, in one transaction. A 2xx delivers; anything else (another
 * status, a refused address, no answer) is a failed attempt. The attempt is recorded only once:
 * a run taken over after its instance stopped before recording sends again (at least once).
 */
export async function attemptDelivery(
  deps: WebhookDeps,
  job: DeliveryJob,
  signal?: AbortSignal,
): Promise<void> {
  const found = await findDeliveryToSend(deps.db, job.deliveryId);
  if (found?.delivery.state !== 'pending' || found.delivery.attempts !== job.attempt - 1) return;
  // Real time, not the app's clock: receivers check the signature's timestamp against theirs.
  const now = new Date();
  const secret = deps.secrets.open(found.secretSealed);
  const notSent = (error: string): AttemptOutcome => ({ error, responseTimeMs: null });
  let outcome: AttemptOutcome;
  if (!found.enabled) outcome = notSent('The endpoint is turned off.');
  else if (!secret) {
    outcome = notSent('The signing secret can no longer be read (JWT_SECRET changed). Rotate the secret.');
  } else {
    outcome = await checkEndpointUrl(found.url, deps.allowPrivate, deps.resolve).then(
      () =>
        deps.send(
          { url: found.url, secret, messageId: found.delivery.messageId, body: found.delivery.body },
          { allowPrivate: deps.allowPrivate, now, ...(signal ? { signal } : {}) },
        ),
      (error: unknown) => {
        if (error instanceof RefusedAddressError) return notSent(refusalMessage(error));
        throw error;
      },
    );
  }
  const delivered = 'statusCode' in outcome && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const retry = job.attempt - job.first + 1;
  const again = !delivered && found.enabled && secret !== undefined && retry < WEBHOOK_MAX_ATTEMPTS;
  const nextAttemptAt = again ? new Date(Date.now() + retryDelayMs(deps.firstRetryMs, retry)) : null;
  const record: AttemptRecord = {
    state: delivered ? 'delivered' : again ? 'pending' : 'failed',
    statusCode: 'statusCode' in outcome ? outcome.statusCode : null,
    responseTimeMs: outcome.responseTimeMs,
    lastError: 'error' in outcome ? outcome.error : delivered ? null : `HTTP ${outcome.statusCode}`,
    lastAttemptAt: now,
    nextAttemptAt,
  };
  await deps.db.transaction(async (tx) => {
    if (!(await recordAttempt(tx, job.deliveryId, job.attempt, record))) return;
    if (nextAttemptAt) {
      const next = { deliveryId: job.deliveryId, attempt: String(job.attempt + 1), first: String(job.first) };
      const { organizationId } = found.delivery;
      await deps.jobs.send(WEBHOOK_DELIVERY_QUEUE, next, { tx, organizationId, runAfter: nextAttemptAt });
    }
  });
}
