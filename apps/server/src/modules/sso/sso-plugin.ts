import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSecretBox } from '#server/lib/secret-box.ts';
import { createOidcClients } from './oidc.ts';
import type { SsoContext } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Single sign-on (ADR 063): the providers' clients and the keys that seal its secrets. */
    sso: SsoContext;
  }
}

/** Single sign-on's context, made once: its keys derive from JWT_SECRET, shared by every instance. */
async function sso(app: FastifyInstance): Promise<void> {
  const { jwtSecret, publicBaseUrl, ssoAllowHttp } = app.config;
  app.decorate('sso', {
    db: app.db,
    clock: app.clock,
    oidc: createOidcClients({ allowHttp: ssoAllowHttp }),
    secrets: createSecretBox(jwtSecret, 'sso client secret'),
    attempts: createSecretBox(jwtSecret, 'sso sign-in attempt'),
    tokens: app.tokens,
    publicBaseUrl,
    allowHttp: ssoAllowHttp,
  } satisfies SsoContext);
}

export const ssoPlugin = fp(sso, { name: 'mqr-sso', dependencies: ['mqr-auth'] });
