import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveAll } from '#server/lib/address-guard.ts';
import { createSecretBox } from '#server/lib/secret-box.ts';
import type { WebhookDeps } from './delivery.ts';
import { defineWebhookJobs } from './jobs.ts';
import { sendWebhook } from './sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhooks (ADR 064): what their routes and deliveries share. */
    webhooks: WebhookDeps;
  }
}

/** The webhooks' deps and jobs, on the app's job runner; the secrets' key derives from JWT_SECRET. */
async function webhooks(app: FastifyInstance): Promise<void> {
  const deps: WebhookDeps = {
    db: app.db,
    jobs: app.jobs,
    clock: app.clock,
    log: app.log,
    secrets: createSecretBox(app.config.jwtSecret, 'webhook signing secret'),
    allowPrivate: app.config.webhooksAllowPrivateAddresses,
    firstRetryMs: app.config.webhooksFirstRetrySeconds * 1000,
    resolve: resolveAll,
    send: sendWebhook,
  };
  defineWebhookJobs(deps);
  app.decorate('webhooks', deps);
}

export const webhooksPlugin = fp(webhooks, { name: 'mqr-webhooks', dependencies: ['mqr-jobs'] });
