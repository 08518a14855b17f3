import { ZAssetExportQuery, ZEventExportQuery } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '#server/plugins/auth.ts';
import { resolveListView } from '../assets/service.ts';
import { sendCsv } from './send-csv.ts';
import { assetCsvRows, eventCsvRows } from './service.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** /api/exports: the organization's assets and maintenance history as CSV files. */
export async function exportRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/assets.csv',
    {
      schema: {
        tags: ['exports'],
        querystring: ZAssetExportQuery,
        description:
          'The assets the list shows for its view (status, search, filters, open tasks), in its order (sort, order), as CSV.',
      },
    },
    async (request, reply) => {
      // Checked before the download starts: a bad filter is a 400, not a broken file.
      const view = await resolveListView(app.db, currentUser(request).organizationId, request.query);
      return sendCsv(reply, `assets-${today()}.csv`, assetCsvRows(app.db, view));
    },
  );

  app.get(
    '/events.csv',
    {
      schema: {
        tags: ['exports'],
        querystring: ZEventExportQuery,
        description: 'Maintenance events performed within [from, to], oldest first, as CSV.',
      },
    },
    async (request, reply) => {
      const organizationId = currentUser(request).organizationId;
      const range = { from: new Date(request.query.from), to: new Date(request.query.to) };
      return sendCsv(
        reply,
        `maintenance-history-${today()}.csv`,
        eventCsvRows(app.db, organizationId, range),
      );
    },
  );
}
