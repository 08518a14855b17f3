import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { JobRunner } from '#server/jobs/job-runner.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import type { DigestLinks } from './digest-message.ts';
import type { Mailer } from './mailer.ts';
import { composeDailyDigests, deliverEmails, EMAIL_DELIVERY_QUEUE } from './service.ts';

/** The repeating job that composes the digests that are due (ADR 060). */
export const DIGEST_COMPOSE_QUEUE = 'reminders.compose-digests';
/** How often it looks: a digest goes out within a minute of 07:00 in its organization's zone. */
export const DIGEST_COMPOSE_EVERY_MS = 60_000;
/**
 * Tries of a delivery after its first: with the runner's delay of 5 s doubling each time, the last
 * one comes about 2 h 50 min after the first failure (an outage of the mail server that long).
 */
export const DIGEST_DELIVERY_RETRIES = 11;

export interface ReminderJobsDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  links: DigestLinks;
  statusLinks?: SecretBox;
}

/**
 * The reminder jobs: the email deliveries (a job per organization and date, queued with its outbox rows)
 * and, unless `compose` is false (tests compose themselves), the repeating job that composes them.
 */
export function defineReminderJobs(
  jobs: JobRunner,
  deps: ReminderJobsDeps,
  options: { compose: boolean },
): void {
  jobs.define(
    EMAIL_DELIVERY_QUEUE,
    // Two organizations' emails at once; one attempt sends a day's emails of one organization.
    { retryLimit: DIGEST_DELIVERY_RETRIES, lockSeconds: 120, timeoutSeconds: 10 * 60, concurrency: 2 },
    async (data, attempt) => {
      const delivery = { organizationId: data.organizationId ?? '', localDate: data.localDate ?? '' };
      const { sent } = await deliverEmails(deps, delivery, attempt);
      if (sent > 0) deps.log.info({ ...delivery, sent }, 'emails sent');
    },
  );
  if (!options.compose) return;
  const compose = { everyMs: DIGEST_COMPOSE_EVERY_MS, lockSeconds: 300, timeoutSeconds: 10 * 60 };
  jobs.repeat(DIGEST_COMPOSE_QUEUE, compose, async () => {
    const { digests } = await composeDailyDigests({ db: deps.db, jobs, clock: deps.clock });
    if (digests > 0) deps.log.info({ digests }, 'daily digests composed');
  });
}
