import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type DbScope, setRequestOrganization, withScope } from '../db/scope.ts';
import { isUuid } from '../lib/uuid.ts';

/**
 * Runs each request in a database scope of its own (ADR 066): no organization until the auth plugin
 * sets the signed-in user's; routes without a user mark their cross-organization lookups `asSystem`.
 */
async function dbScope(app: FastifyInstance): Promise<void> {
  const scopes = new WeakMap<FastifyRequest, DbScope>();
  app.addHook('onRequest', (request, _reply, done) => {
    const scope: DbScope = { organizationId: null, system: false };
    scopes.set(request, scope);
    withScope(scope, done);
  });
  // The hooks after body parsing run from the request stream's events, in another async context:
  // re-enter the request's scope, the same object, which the auth plugin names in place.
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) withScope(scope, done);
    else done();
  });
}

/**
 * preHandler of routes whose path names the organization (`:organizationId`, the public pages): they
 * see only that organization's rows. A path naming none sees nothing (and answers 404).
 */
export async function scopeToOrganizationParam(request: FastifyRequest): Promise<void> {
  const { organizationId } = (request.params ?? {}) as { organizationId?: unknown };
  if (typeof organizationId === 'string' && isUuid(organizationId)) {
    setRequestOrganization(organizationId.toLowerCase());
  }
}

export const dbScopePlugin = fp(dbScope, { name: 'mqr-db-scope' });
