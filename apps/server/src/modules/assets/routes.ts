import {
  ZAsset,
  ZAssetBody,
  ZAssetListItem,
  ZAssetListQuery,
  ZBulkFieldValueBody,
  ZBulkResult,
} from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { assetPublicUrl } from '#server/lib/public-urls.ts';
import { renderQrPng } from '#server/lib/qr-code.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { setFieldValueOfSelection } from './bulk.ts';
import { createAsset, getAsset, getAssetRow, listAssetPage, updateAsset } from './service.ts';

const ZIdParams = z.object({ id: z.string() });

/** /api/assets: the organization's assets, their custom values and QR codes. */
export async function assetRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = (request: Parameters<typeof currentUser>[0]) => ({
    actor: currentUser(request),
    ipAddress: request.ip,
    publicBaseUrl: app.config.publicBaseUrl,
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['assets'],
        querystring: ZAssetListQuery,
        response: { 200: z.array(ZAssetListItem) },
        description:
          'A page of the asset list: its status (in service by default), search, custom field filters and open tasks, in the order of `sort` and `order` (ADR 047), with the values of the custom field `columns`.',
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { items, total, countedUpTo } = await listAssetPage(
        app.db,
        currentUser(request).organizationId,
        request.query,
      );
      setPagingHeaders(reply, { total, page, pageSize, countedUpTo });
      return items;
    },
  );

  app.post(
    '/bulk/field-value',
    {
      schema: {
        tags: ['assets'],
        body: ZBulkFieldValueBody,
        response: { 200: ZBulkResult },
        description:
          'Gives the selected assets (assetIds, or every asset the list shows for query; at most 5,000) one value of an active Asset field, or clears it (ADR 048). Audited per changed asset.',
      },
    },
    async (request) => setFieldValueOfSelection(app.db, context(request), request.body),
  );

  app.get(
    '/:id',
    {
      schema: { tags: ['assets'], params: ZIdParams, response: { 200: ZAsset } },
    },
    async (request) =>
      getAsset(app.db, currentUser(request).organizationId, request.params.id, app.config.publicBaseUrl),
  );

  app.post(
    '/',
    {
      schema: { tags: ['assets'], body: ZAssetBody, response: { 201: ZAsset } },
    },
    async (request, reply) => {
      const asset = await createAsset(app.db, context(request), request.body);
      return reply.code(201).send(asset);
    },
  );

  app.put(
    '/:id',
    {
      schema: { tags: ['assets'], params: ZIdParams, body: ZAssetBody, response: { 200: ZAsset } },
    },
    async (request) => updateAsset(app.db, context(request), request.params.id, request.body),
  );

  app.get(
    '/:id/qr.png',
    {
      schema: {
        tags: ['assets'],
        params: ZIdParams,
        description: 'PNG QR code of the asset public page.',
      },
    },
    async (request, reply) => {
      const row = await getAssetRow(app.db, currentUser(request).organizationId, request.params.id);
      const png = await renderQrPng(assetPublicUrl(app.config.publicBaseUrl, row.organizationId, row.slug));
      return reply.type('image/png').header('Cache-Control', 'private, max-age=300').send(png);
    },
  );
}
