import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSecretBox } from '#server/lib/secret-box.ts';
import { defineReminderJobs } from './jobs.ts';
import { smtpMailer } from './mailer.ts';
import { REQUEST_LINK_PURPOSE } from './request-message.ts';

export interface RemindersPluginOptions {
  /** Compose the daily digests every minute (default true; tests compose them themselves). */
  compose?: boolean;
}

export const REMINDERS_OFF_LOG = 'email reminders are off: SMTP_URL is not set';

/**
 * Email reminders (ADR 060): with SMTP_URL, the reminder jobs on the app's job runner and the mail
 * server's connection, closed with the app; without it, nothing but one line in the log at start.
 */
async function reminders(app: FastifyInstance, options: RemindersPluginOptions): Promise<void> {
  const { smtpUrl, smtpFrom, publicBaseUrl } = app.config;
  if (!smtpUrl || !smtpFrom) {
    app.log.info(REMINDERS_OFF_LOG);
    return;
  }
  const mailer = smtpMailer(smtpUrl, smtpFrom);
  defineReminderJobs(
    app.jobs,
    {
      db: app.db,
      clock: app.clock,
      log: app.log,
      mailer,
      links: { publicBaseUrl },
      statusLinks: createSecretBox(app.config.jwtSecret, REQUEST_LINK_PURPOSE),
    },
    { compose: options.compose ?? true },
  );
  // Once the job runner has stopped (stop() may be called twice): no delivery is using it any more.
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    mailer.close();
  });
}

export const remindersPlugin = fp(reminders, { name: 'mqr-reminders' });
