import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FairSlots } from '#server/lib/fair-slots.ts';
import { createSecretBox } from '#server/lib/secret-box.ts';
import { REQUEST_LINK_PURPOSE } from '../reminders/index.ts';
import { challengeWork, ReportGuards } from './guards.ts';
import type { RequestsDeps } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests from the QR code (ADR 129): their guards and the emails' outbox. */
    requests: RequestsDeps;
  }
}

/**
 * Public reports and "me too" processed at once by an instance (ADR 152): a flood of reports from many
 * addresses then holds at most this many of its 10 database connections, and its writes come a few
 * at a time between the public pages' work instead of in bursts that make the pages wait. Four keep
 * up with 200 reports a second on two cores (a report takes 2-10 ms).
 */
export const PUBLIC_WRITES_AT_ONCE = 4;

/**
 * Of those, what one organization's reports may hold or wait for in the instance's queue (ADR 153):
 * one less, so a flood of reports for one organization always leaves a slot to the others, and
 * another organization's report waits behind a few of its reports, not behind all of them.
 */
export const PUBLIC_WRITES_PER_ORGANIZATION = PUBLIC_WRITES_AT_ONCE - 1;

/**
 * The requests' context, made once: the challenge, sender and token keys derive from JWT_SECRET
 * (shared by every instance), the limits count in Redis when it is configured; the emails go
 * through the reminders' outbox when the server has a mail server (its delivery job exists only then).
 */
async function requestsContext(app: FastifyInstance): Promise<void> {
  const { jwtSecret, smtpUrl, smtpFrom, reportChallengeCounterMax } = app.config;
  const guards = new ReportGuards(jwtSecret, app.redis);
  guards.work = challengeWork(reportChallengeCounterMax);
  app.decorate('requests', {
    db: app.db,
    storage: app.storage,
    guards,
    mail:
      smtpUrl && smtpFrom
        ? { jobs: app.jobs, statusLinks: createSecretBox(jwtSecret, REQUEST_LINK_PURPOSE) }
        : null,
    publicWrites: new FairSlots({
      atOnce: PUBLIC_WRITES_AT_ONCE,
      perOrganization: PUBLIC_WRITES_PER_ORGANIZATION,
    }),
  });
}

export const requestsPlugin = fp(requestsContext, { name: 'mqr-requests' });
