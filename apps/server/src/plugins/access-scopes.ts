import type { TAccess } from '@mqr/contracts';
import type { FastifyInstance, FastifyPluginAsync, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the access scope the route was declared in; never by the route itself. */
    access?: TAccess;
    /** Set by a scope that refuses API tokens: only a signed-in browser session may call the route. */
    sessionOnly?: boolean;
  }
}

/** The onRequest hooks of each level: they run before the body is read or validated (403 before any 400). */
function accessHooks(app: FastifyInstance, access: TAccess): onRequestHookHandler[] {
  switch (access) {
    case 'public':
      return [];
    case 'signed-in':
      return [app.authenticate];
    case 'admin':
      return [app.authenticate, app.requireAdmin];
    case 'super-admin':
      return [app.authenticate, app.requireSuperAdmin];
  }
}

export interface AccessScopeOptions {
  /**
   * false: the scope's routes refuse API tokens (403), for what a token must never do: manage
   * tokens, change the password or email (ADR 061). Default true.
   */
  apiTokens?: boolean;
}

/** The OpenAPI security schemes (plugins/api-docs.ts). */
export const SECURITY_SCHEMES = { signInToken: 'signInToken', apiToken: 'apiToken' } as const;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What the API docs say a route needs: nothing (public), a sign-in token, or either a sign-in token
 * or an API token, whose role names its scope: "read" for reads (any token), "write" for the rest.
 */
export function routeSecurity(
  access: TAccess,
  method: RouteOptions['method'],
  sessionOnly: boolean,
): Record<string, string[]>[] {
  if (access === 'public') return [];
  const signIn = { [SECURITY_SCHEMES.signInToken]: [] };
  if (sessionOnly) return [signIn];
  const reads = (Array.isArray(method) ? method : [method]).every((m) => READ_METHODS.has(m));
  return [signIn, { [SECURITY_SCHEMES.apiToken]: [reads ? 'read' : 'write'] }];
}

/**
 * An encapsulated scope whose routes all answer to one access level: its hooks authenticate and
 * authorize every request before anything else, and each route is marked with the level (the
 * registry below refuses to start with a route that has none). Routes inside declare nothing.
 */
export function accessScope(
  access: TAccess,
  registerRoutes: (scope: FastifyInstance) => Promise<void>,
  options: AccessScopeOptions = {},
): FastifyPluginAsync {
  const sessionOnly = options.apiTokens === false;
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access, ...(sessionOnly ? { sessionOnly } : {}) };
      // The API docs: who may call the route, derived from its scope.
      if (route.schema) {
        route.schema = { ...route.schema, security: routeSecurity(access, route.method, sessionOnly) };
      }
    });
    for (const hook of accessHooks(scope, access)) scope.addHook('onRequest', hook);
    if (sessionOnly) scope.addHook('onRequest', scope.refuseApiTokens);
    await registerRoutes(scope);
  };
}

/** A registered route and the access level its scope gave it (undefined: declared outside any scope). */
export interface RouteAccess {
  method: string;
  url: string;
  access: TAccess | undefined;
  /** The route's options, schemas included (tests generate requests from them). */
  options: RouteOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access level, in registration order (HEAD twins included). */
    routeAccess(): RouteAccess[];
  }
}

/** Routes declared outside an access scope, as "METHOD url" lines. */
export function unscopedRoutes(routes: RouteAccess[]): string[] {
  return routes.filter((route) => route.access === undefined).map((route) => `${route.method} ${route.url}`);
}

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/**
 * Collects every route as it is added (register it before any route) and stops the app from
 * starting when one was declared outside an access scope.
 */
async function routeAccessRegistry(app: FastifyInstance): Promise<void> {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  const list = (): RouteAccess[] =>
    routes.flatMap((route) =>
      methodsOf(route).map((method) => ({
        method,
        url: route.url,
        access: route.config?.access,
        options: route,
      })),
    );
  app.decorate('routeAccess', list);
  app.addHook('onReady', async () => {
    const unscoped = unscopedRoutes(list());
    if (unscoped.length > 0) {
      throw new Error(`Routes declared outside an access scope: ${unscoped.join(', ')}`);
    }
  });
}

export const routeAccessPlugin = fp(routeAccessRegistry, { name: 'mqr-route-access' });
