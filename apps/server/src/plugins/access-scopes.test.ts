import { API_TOKEN_MESSAGES, type TAccess } from '@mqr/contracts';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantWorld } from '../test/tenant-world.ts';
import { accessScope, type RouteAccess, routeAccessPlugin } from './access-scopes.ts';

const t = tenantWorld();
let routes: RouteAccess[];

beforeAll(() => {
  routes = t.app.routeAccess();
});

/** A concrete URL for a route pattern: a fresh UUID for each parameter. */
function concreteUrl(pattern: string): string {
  return pattern
    .replace(/:[A-Za-z]+/g, () => crypto.randomUUID())
    .replace(/\*$/, 'anything')
    .concat('?page=-1&pageSize=abc&rangeDays=x');
}

const withAccess = (access: TAccess) => routes.filter((route) => route.access === access);
const hasBody = (method: string) => !['GET', 'HEAD', 'DELETE'].includes(method);

function invalidRequest(route: RouteAccess, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route.url),
    headers,
    ...(hasBody(route.method) ? { payload: { name: 12, email: [], label: null, unexpected: '\u0000' } } : {}),
  });
}

describe('access scopes', () => {
  it('every registered route was declared in an access scope', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => route.access === undefined)).toEqual([]);
  });

  it('the public routes are exactly the ones meant for anyone', () => {
    const publicApi = withAccess('public')
      .filter((route) => route.url.startsWith('/api') || route.url.startsWith('/public'))
      .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(publicApi).toEqual([
      'GET /api/auth/sso/:organizationId',
      'GET /api/client-config',
      'GET /public/calendar/:file',
      'GET /public/orgs/:organizationId/assets/:slug',
      'GET /public/orgs/:organizationId/assets/:slug/events',
      'GET /public/orgs/:organizationId/assets/:slug/qr.png',
      'GET /public/orgs/:organizationId/assets/:slug/report-challenge',
      'GET /public/orgs/:organizationId/files/:fileId',
      'GET /public/orgs/:organizationId/locations/:slug',
      'GET /public/orgs/:organizationId/logo',
      'GET /public/requests/:token',
      'POST /api/auth/login',
      'POST /api/auth/sso/:organizationId/start',
      'POST /api/auth/sso/callback',
      'POST /api/auth/sso/link',
      'POST /public/orgs/:organizationId/assets/:slug/reports',
      'POST /public/orgs/:organizationId/assets/:slug/reports/:requestId/me-too',
      'PUT /api/uploads/local/*',
    ]);
  });

  it('the admin and super-admin scopes hold every /api/admin route and the audit log', () => {
    const privileged = routes.filter((route) => route.url.startsWith('/api/admin'));
    expect(privileged.length).toBeGreaterThan(8);
    for (const route of privileged) expect(['admin', 'super-admin']).toContain(route.access);
    expect(routes.find((r) => r.method === 'GET' && r.url === '/api/audit-logs')?.access).toBe('admin');
    expect(routes.find((r) => r.method === 'GET' && r.url === '/api/audit-logs/my-activity')?.access).toBe(
      'signed-in',
    );
    for (const route of routes.filter((r) => r.url.startsWith('/api/admin/organizations'))) {
      expect(route.access).toBe('super-admin');
    }
  });

  it('every route that is not public answers 401 to an anonymous request, whatever its input', async () => {
    const refused = routes.filter((route) => route.access !== 'public');
    for (const route of refused) {
      const response = await invalidRequest(route);
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
    }
  });

  it('every admin route answers 403 to a member with an invalid request, never 400', async () => {
    const headers = t.headers.memberA;
    for (const route of [...withAccess('admin'), ...withAccess('super-admin')]) {
      const response = await invalidRequest(route, headers);
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });

  it('every super-admin route answers 403 to an organization administrator with an invalid request', async () => {
    const headers = t.headers.adminA;
    for (const route of withAccess('super-admin')) {
      const response = await invalidRequest(route, headers);
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });

  it('every session-only route refuses an API token with 403 before reading the request; read-only tokens only read', async () => {
    const created = async (scope: 'read' | 'write') =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/api-tokens',
          headers: t.headers.superA,
          payload: { name: `Every route ${scope}`, scope, expiresInDays: 1 },
        })
      ).json().secret as string;
    const write = { authorization: `Bearer ${await created('write')}` };
    const read = { authorization: `Bearer ${await created('read')}` };
    const sessionOnly = routes.filter((route) => route.options.config?.sessionOnly === true);
    expect(sessionOnly.length).toBeGreaterThanOrEqual(6);
    for (const route of sessionOnly) {
      const response = await invalidRequest(route, write);
      // HEAD twins answer the same status without a body.
      const message = route.method === 'HEAD' ? undefined : response.json().message;
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode, message }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
        message: route.method === 'HEAD' ? undefined : API_TOKEN_MESSAGES.sessionOnly,
      });
    }
    const writes = routes.filter(
      (route) => route.access !== 'public' && !['GET', 'HEAD', 'OPTIONS'].includes(route.method),
    );
    for (const route of writes) {
      const response = await invalidRequest(route, read);
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });

  it('an app with a route declared outside any scope refuses to start', async () => {
    const app = Fastify();
    await app.register(routeAccessPlugin);
    await app.register(
      accessScope('public', async (scope) => {
        scope.get('/fine', async () => 'ok');
      }),
    );
    app.post('/forgotten', async () => 'oops');
    await expect(app.ready()).rejects.toThrow('Routes declared outside an access scope: POST /forgotten');
    await app.close();
  });
});
