import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveAll } from '#server/lib/address-guard.ts';
import { guardedFetch } from '#server/lib/guarded-fetch.ts';
import { createSecretBox } from '#server/lib/secret-box.ts';
import { emailAdministrators } from '../reminders/index.ts';
import type { SsoContext } from './context.ts';
import { createOidcClients } from './oidc.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Single sign-on (ADR 063, 082): the providers' clients and the keys that seal its secrets. */
    sso: SsoContext;
  }
}

/**
 * Single sign-on's context, made once: its keys derive from JWT_SECRET, shared by every instance.
 * Every call to a provider goes through the private-address guard, lifted by the webhooks' setting
 * (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES); changes are emailed through the reminders' outbox when the
 * server has a mail server (its delivery job exists only then).
 */
async function sso(app: FastifyInstance): Promise<void> {
  const { jwtSecret, publicBaseUrl, ssoAllowHttp, webhooksAllowPrivateAddresses, smtpUrl, smtpFrom } =
    app.config;
  app.decorate('sso', {
    db: app.db,
    clock: app.clock,
    oidc: createOidcClients({
      allowHttp: ssoAllowHttp,
      fetch: guardedFetch({ allowPrivate: webhooksAllowPrivateAddresses }),
    }),
    secrets: createSecretBox(jwtSecret, 'sso client secret'),
    attempts: createSecretBox(jwtSecret, 'sso sign-in attempt'),
    links: createSecretBox(jwtSecret, 'sso account link'),
    tokens: app.tokens,
    passwordThrottle: app.loginThrottle,
    publicBaseUrl,
    allowHttp: ssoAllowHttp,
    allowPrivateAddresses: webhooksAllowPrivateAddresses,
    resolve: resolveAll,
    ...(smtpUrl && smtpFrom
      ? { alertAdministrators: (tx, alert) => emailAdministrators(app.jobs, tx, alert) }
      : {}),
  } satisfies SsoContext);
}

export const ssoPlugin = fp(sso, {
  name: 'mqr-sso',
  dependencies: ['mqr-auth', 'mqr-jobs', 'mqr-reminders'],
});
