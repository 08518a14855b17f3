import { ZEmptyBody, ZSampleDataAdded, ZSampleDataRemoved, ZSampleDataStatus } from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptEmptyJsonBody } from '#server/lib/empty-json-body.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { addSampleData, getSampleDataStatus, removeSampleData, type SampleDataContext } from './service.ts';

/** /api/admin/sample-data: a sample site for a first look, added and removed in one step (ADR 097). */
export async function sampleDataRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  acceptEmptyJsonBody(app);
  const context = (request: FastifyRequest): SampleDataContext => ({
    actor: currentUser(request),
    now: app.clock.now(),
    ipAddress: request.ip,
    storage: app.storage,
    onStorageError: (error, objectKey) =>
      request.log.warn({ err: error, objectKey }, 'could not remove a sample file from storage'),
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['sample-data'],
        response: { 200: ZSampleDataStatus },
        description:
          'Whether the organization holds sample data (and how many sample assets), and whether it holds no asset at all.',
      },
    },
    async (request) => getSampleDataStatus(app.db, currentUser(request).organizationId),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['sample-data'],
        body: ZEmptyBody,
        response: { 200: ZSampleDataAdded, 201: ZSampleDataAdded },
        description:
          'Adds the sample site (about thirty assets with typed fields, history, two documents and schedules with due and overdue work), marked as sample: 201. While sample data is there it adds nothing: 200 with added false.',
      },
    },
    async (request, reply) => {
      const added = await addSampleData(app.db, context(request));
      return reply.code(added.added ? 201 : 200).send(added);
    },
  );

  app.delete(
    '/',
    {
      schema: {
        tags: ['sample-data'],
        body: ZEmptyBody,
        response: { 200: ZSampleDataRemoved },
        description:
          'Removes the sample data: its assets with their history, files and schedules, and its fields that hold no value any more. Sample assets someone changed or added to are kept, as theirs.',
      },
    },
    async (request) => removeSampleData(app.db, context(request)),
  );
}
