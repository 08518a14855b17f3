import { ZAssetExportBody, ZAssetExportQuery, ZEventExportQuery } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayIn } from '#server/lib/clock.ts';
import { holdTurnUntilAnswered } from '#server/lib/heavy-work.ts';
import { EXPORT_BATCH_SIZE, sendCsv } from '#server/lib/send-csv.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { resolveListView } from '../asset-list/index.ts';
import { checkAssetsOfOrganization } from '../assets/index.ts';
import { readerLanguage } from '../users/index.ts';
import { assetCsvRows, eventCsvRows } from './service.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * /api/exports: the organization's assets and maintenance history as CSV files. Each download holds a
 * turn of heavy work until its stream ends or its client goes away (ADR 089).
 */
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
      const user = currentUser(request);
      // The replica's, when it may answer this request (ADR 141).
      const db = app.readDb(request);
      const view = await resolveListView(
        db,
        user.organizationId,
        request.query,
        todayIn(app.clock, user.timeZone),
      );
      const language = readerLanguage(user);
      await holdTurnUntilAnswered(app.heavyWork, user.organizationId, reply);
      return sendCsv(reply, `assets-${today()}.csv`, assetCsvRows(db, view, EXPORT_BATCH_SIZE, language));
    },
  );

  app.post(
    '/assets.csv',
    {
      schema: {
        tags: ['exports'],
        body: ZAssetExportBody,
        description:
          'The selected assets as CSV: the ticked ones (assetIds, in that order; at most 5,000) or every asset the list shows for query, in its order (ADR 048). A read: nothing is written.',
      },
      config: { writesNothing: true },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const organizationId = user.organizationId;
      const { assetIds, query } = request.body;
      const db = app.readDb(request);
      // Checked before the download starts: another organization's asset is a 404, not a broken file.
      if (assetIds) await checkAssetsOfOrganization(db, organizationId, assetIds);
      const source = assetIds
        ? { organizationId, assetIds }
        : await resolveListView(db, organizationId, query!, todayIn(app.clock, user.timeZone));
      const language = readerLanguage(user);
      await holdTurnUntilAnswered(app.heavyWork, organizationId, reply);
      return sendCsv(reply, `assets-${today()}.csv`, assetCsvRows(db, source, EXPORT_BATCH_SIZE, language));
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
      const user = currentUser(request);
      const organizationId = user.organizationId;
      const range = { from: new Date(request.query.from), to: new Date(request.query.to) };
      const language = readerLanguage(user);
      await holdTurnUntilAnswered(app.heavyWork, organizationId, reply);
      return sendCsv(
        reply,
        `maintenance-history-${today()}.csv`,
        eventCsvRows(app.readDb(request), organizationId, range, EXPORT_BATCH_SIZE, language),
      );
    },
  );
}
