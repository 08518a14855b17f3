import {
  ZAssetMeters,
  ZEmptyBody,
  ZMeter,
  ZMeterBody,
  ZMeterReading,
  ZMeterReadingBody,
  ZMeterReadingListQuery,
  ZMeterReadingResult,
  ZMetersBySlugQuery,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptEmptyJsonBody } from '#server/lib/empty-json-body.ts';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { currentUser } from '#server/plugins/auth.ts';
import {
  createMeter,
  deleteMeter,
  deleteReading,
  getMeter,
  listMeterReadings,
  listMetersOfAsset,
  type MeterContext,
  metersOfScannedAsset,
  recordReading,
  updateMeter,
} from './service.ts';

const ZIdParams = z.object({ id: z.string() });
const ZReadingParams = z.object({ id: z.string(), readingId: z.string() });

function meterContext(app: FastifyInstance, request: FastifyRequest): MeterContext {
  return { actor: currentUser(request), ipAddress: request.ip, now: app.clock.now() };
}

/** /api/assets/{id}/meters: an asset's meters with their charts, for every signed-in user. */
export async function assetMeterRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/:id/meters',
    {
      schema: {
        tags: ['meters'],
        params: ZIdParams,
        response: { 200: z.array(ZMeter) },
        description:
          "The asset's meters by name, each with its latest reading, its average daily use and its latest readings (the chart).",
      },
    },
    async (request) => listMetersOfAsset(app.db, currentUser(request).organizationId, request.params.id),
  );
}

/** /api/meters: a meter, its readings, and entering one (every signed-in user). */
export async function meterRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        tags: ['meters'],
        querystring: ZMetersBySlugQuery,
        response: { 200: ZAssetMeters },
        description:
          'The meters of the asset with this slug (what its QR code names): the staff view of a scanned asset.',
      },
    },
    async (request) =>
      metersOfScannedAsset(app.db, currentUser(request).organizationId, request.query.assetSlug),
  );

  app.get(
    '/:id',
    { schema: { tags: ['meters'], params: ZIdParams, response: { 200: ZMeter } } },
    async (request) => getMeter(app.db, currentUser(request).organizationId, request.params.id),
  );

  app.get(
    '/:id/readings',
    {
      schema: {
        tags: ['meters'],
        params: ZIdParams,
        querystring: ZMeterReadingListQuery,
        response: { 200: z.array(ZMeterReading) },
        description:
          "One page of the meter's readings, latest first; X-Total-Count, X-Page and X-Page-Size headers.",
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { items, total } = await listMeterReadings(
        app.db,
        currentUser(request).organizationId,
        request.params.id,
        request.query,
      );
      setPagingHeaders(reply, { total, page, pageSize });
      return items;
    },
  );

  app.post(
    '/:id/readings',
    {
      schema: {
        tags: ['meters'],
        params: ZIdParams,
        body: ZMeterReadingBody,
        response: { 201: ZMeterReadingResult },
        description:
          'Records a reading. A reading lower than the last answers 422 (unless isReplacement); an implausible jump answers 409 CONFIRM_REQUIRED until sent again with confirm: true. The tasks of usage schedules it makes due are created in the same transaction (triggered) and meter.trigger_crossed is sent.',
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await recordReading(app.db, meterContext(app, request), request.params.id, request.body)),
  );
}

/** /api/admin/assets/{id}/meters: administrators add meters to an asset. */
export async function assetMeterAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/:id/meters',
    { schema: { tags: ['meters'], params: ZIdParams, body: ZMeterBody, response: { 201: ZMeter } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createMeter(app.db, meterContext(app, request), request.params.id, request.body)),
  );
}

/** /api/admin/meters: administrators rename and delete meters, and delete readings entered by mistake. */
export async function meterAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/:id',
    { schema: { tags: ['meters'], params: ZIdParams, body: ZMeterBody, response: { 200: ZMeter } } },
    async (request) => updateMeter(app.db, meterContext(app, request), request.params.id, request.body),
  );
  await app.register(async (actions) => {
    acceptEmptyJsonBody(actions);
    const scoped = actions.withTypeProvider<ZodTypeProvider>();
    scoped.delete(
      '/:id',
      {
        schema: {
          tags: ['meters'],
          params: ZIdParams,
          body: ZEmptyBody,
          description: 'Deletes the meter and its readings; 409 while a schedule counts on it.',
        },
      },
      async (request, reply) => {
        await deleteMeter(app.db, meterContext(app, request), request.params.id);
        return reply.code(204).send();
      },
    );
    scoped.delete(
      '/:id/readings/:readingId',
      { schema: { tags: ['meters'], params: ZReadingParams, body: ZEmptyBody } },
      async (request, reply) => {
        await deleteReading(app.db, meterContext(app, request), request.params.id, request.params.readingId);
        return reply.code(204).send();
      },
    );
  });
}
