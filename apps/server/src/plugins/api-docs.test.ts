import type { FastifySchema } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import type { RouteAccess } from './access-scopes.ts';

interface Operation {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
}
interface OpenApiDocument {
  security: unknown[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: OpenApiDocument;
let routes: RouteAccess[];

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject('/api/docs/json')).json();
  routes = t.app
    .routeAccess()
    .filter((route) => route.method !== 'HEAD')
    .filter((route) => /^\/(api|public)\//.test(route.url) && !route.url.startsWith('/api/docs'));
  return () => t.close();
});

/** The document's path of a route: `{name}` for `:name` and `*`, no trailing slash. */
const documentedPath = (url: string) =>
  url
    .replace(/:([A-Za-z]+)/g, '{$1}')
    .replace(/\*$/, '{*}')
    .replace(/(.)\/$/, '$1');

function operationOf(route: RouteAccess): Operation | undefined {
  return doc.paths[documentedPath(route.url)]?.[route.method.toLowerCase()];
}

/** The field names of a zod object schema (refined ones included), sorted. */
const fieldsOf = (schema: unknown) => Object.keys((schema as z.ZodObject | undefined)?.shape ?? {}).sort();

describe('the API docs (/api/docs/json)', () => {
  it('list every API route with what it needs: nothing (public), a sign-in token, or either token', () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiToken', 'signInToken']);
    expect(doc.security).toEqual([{ signInToken: [] }, { apiToken: ['write'] }]);
    const sessionOnly: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const operation = operationOf(route);
      expect(operation, name).toBeTypeOf('object');
      if (route.access === 'public') {
        expect(operation?.security, name).toEqual([]);
      } else if (operation?.security?.length === 1) {
        expect(operation.security, name).toEqual([{ signInToken: [] }]);
        sessionOnly.push(name);
      } else {
        // A read-only token may call reads; every other route needs a read and write token.
        const role = route.method === 'GET' ? 'read' : 'write';
        expect(operation?.security, name).toEqual([{ signInToken: [] }, { apiToken: [role] }]);
      }
    }
    // What an API token must never do: manage tokens, change the password or email, change how
    // people sign in (ADR 082).
    expect(sessionOnly.sort()).toEqual([
      'DELETE /api/admin/api-tokens/:id',
      'DELETE /api/api-tokens/:id',
      'GET /api/admin/api-tokens',
      'GET /api/admin/organization/sso',
      'GET /api/api-tokens',
      'POST /api/api-tokens',
      'PUT /api/admin/organization/sso',
      'PUT /api/auth/me',
    ]);
  });

  it("describe each route's path, query and body fields as its schemas check them", () => {
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const schema = (route.options.schema ?? {}) as FastifySchema;
      const operation = operationOf(route);
      const parameters = (where: string) =>
        (operation?.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map((parameter) => parameter.name)
          .sort();
      expect(parameters('path'), name).toEqual(
        [...route.url.matchAll(/:([A-Za-z]+)|\*/g)].map((match) => match[1] ?? '*').sort(),
      );
      expect(parameters('query'), name).toEqual(fieldsOf(schema.querystring));
      const body = operation?.requestBody?.content['application/json']?.schema.properties;
      if (fieldsOf(schema.body).length > 0)
        expect(Object.keys(body ?? {}).sort(), name).toEqual(fieldsOf(schema.body));
    }
  });
});
