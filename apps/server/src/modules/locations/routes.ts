import {
  ZCreateLocationBody,
  ZDeleteLocationBody,
  ZLocation,
  ZLocationChildrenQuery,
  ZLocationNode,
  ZLocationOption,
  ZLocationPathBody,
  ZLocationSearchQuery,
  ZMoveLocationBody,
  ZUpdateLocationBody,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayIn } from '#server/lib/clock.ts';
import { acceptEmptyJsonBody } from '#server/lib/empty-json-body.ts';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { locationPublicUrl } from '#server/lib/public-urls.ts';
import { renderQrPng } from '#server/lib/qr-code.ts';
import { currentUser } from '#server/plugins/auth.ts';
import {
  createLocation,
  deleteLocation,
  ensureLocationPath,
  getLocation,
  getLocationRow,
  type LocationContext,
  listChildren,
  moveLocation,
  searchLocationOptions,
  updateLocation,
} from './service.ts';

const ZIdParams = z.object({ id: z.string() });

function locationContext(app: FastifyInstance, request: FastifyRequest): LocationContext {
  const actor = currentUser(request);
  return {
    actor,
    ipAddress: request.ip,
    publicBaseUrl: app.config.publicBaseUrl,
    today: todayIn(app.clock, actor.timeZone),
  };
}

/** /api/locations: the organization's location tree, for every signed-in user (docs/product/locations.md). */
export async function locationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest) => locationContext(app, request);

  app.get(
    '/',
    {
      schema: {
        tags: ['locations'],
        querystring: ZLocationChildrenQuery,
        response: { 200: z.array(ZLocationNode) },
        description:
          'One level of the location tree, by name: the locations right below parentId (left out: the top ones, the sites), each with its counts rolled up from everything below it (assets in service, open tasks, overdue, due soon) and how many locations are right below it; X-Total-Count, X-Page and X-Page-Size headers. A location of another organization answers 404.',
      },
    },
    async (request, reply) => {
      const { page, pageSize, parentId } = request.query;
      const { items, total } = await listChildren(
        app.db,
        currentUser(request).organizationId,
        parentId,
        { page, pageSize },
        context(request).today,
      );
      setPagingHeaders(reply, { total, page, pageSize });
      return items;
    },
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['locations'],
        querystring: ZLocationSearchQuery,
        response: { 200: z.array(ZLocationOption) },
        description:
          'The tree picker’s type-ahead: the locations whose full path ("Plant A / Building 2 / Boiler room") holds every word of q, the shallowest first, then by path; at most limit (20 by default, 50 at most).',
      },
    },
    async (request) =>
      searchLocationOptions(
        app.db,
        currentUser(request).organizationId,
        request.query.q,
        request.query.limit,
      ),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['locations'],
        params: ZIdParams,
        response: { 200: ZLocation },
        description:
          'A location: its details, the locations above it, its counts rolled up from everything below it, and its QR code. Its assets, with those of every location below it, are GET /api/assets?location={id}.',
      },
    },
    async (request) =>
      getLocation(app.db, currentUser(request).organizationId, request.params.id, context(request)),
  );

  app.get(
    '/:id/qr.png',
    {
      schema: {
        tags: ['locations'],
        params: ZIdParams,
        description: 'PNG QR code of the location’s page (/l/{organizationId}/{slug}).',
      },
    },
    async (request, reply) => {
      const row = await getLocationRow(app.db, currentUser(request).organizationId, request.params.id);
      const png = await renderQrPng(
        locationPublicUrl(app.config.publicBaseUrl, row.organizationId, row.slug),
      );
      return reply.type('image/png').header('Cache-Control', 'private, max-age=300').send(png);
    },
  );
}

/** /api/admin/locations: administrators build the tree: create, rename, move and delete locations. */
export async function locationAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  acceptEmptyJsonBody(app);
  const context = (request: FastifyRequest) => locationContext(app, request);

  app.post(
    '/',
    {
      schema: {
        tags: ['locations'],
        body: ZCreateLocationBody,
        response: { 201: ZLocation },
        description:
          'Creates a location below parentId (left out or null: at the top). Its name is unique among the locations right beside it, whatever its case (409 otherwise), and holds no / or >; the tree nests at most 16 levels. Audited.',
      },
    },
    async (request, reply) => {
      const location = await createLocation(app.db, context(request), request.body);
      return reply.code(201).send(location);
    },
  );

  app.post(
    '/paths',
    {
      schema: {
        tags: ['locations'],
        body: ZLocationPathBody,
        response: { 200: ZLocation, 201: ZLocation },
        description:
          'The location at the end of path ("Plant A / Building 2 / Room 5"; > separates levels too), each level found by its name below the one before, whatever its case, or created: 201 when any was created, 200 when all were there. Empty levels are refused.',
      },
    },
    async (request, reply) => {
      const { location, created } = await ensureLocationPath(app.db, context(request), request.body.path);
      return reply.code(created ? 201 : 200).send(location);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['locations'],
        params: ZIdParams,
        body: ZUpdateLocationBody,
        response: { 200: ZLocation },
        description:
          'Renames a location (the paths below it follow) and writes its code, address and notes: those sent; empty or null clears one. Audited.',
      },
    },
    async (request) => updateLocation(app.db, context(request), request.params.id, request.body),
  );

  app.post(
    '/:id/move',
    {
      schema: {
        tags: ['locations'],
        params: ZIdParams,
        body: ZMoveLocationBody,
        response: { 200: ZLocation },
        description:
          'Moves a location, with everything below it, under parentId (null: to the top). Refused into itself or a location below it, past 16 levels, or beside a location of the same name. Its assets stay at it; the counts follow. Audited as a MOVE.',
      },
    },
    async (request) => moveLocation(app.db, context(request), request.params.id, request.body.parentId),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['locations'],
        params: ZIdParams,
        body: ZDeleteLocationBody,
        description:
          'Deletes a location. One that holds assets or locations needs destinationId: a location outside it where they all go first (null: its locations to the top, its assets to no location); without one it answers 409 saying how many it holds. Each asset’s move is recorded (its moves, the audit log, asset.moved). 204.',
      },
    },
    async (request, reply) => {
      await deleteLocation(app.db, context(request), request.params.id, request.body.destinationId);
      return reply.code(204).send();
    },
  );
}
