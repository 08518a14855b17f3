import {
  ZAsset,
  ZAssetBody,
  ZAssetComponents,
  ZAssetListItem,
  ZAssetListQuery,
  ZAssetMove,
  ZAssetMovesQuery,
  ZBulkDeleteBody,
  ZBulkFieldValueBody,
  ZBulkMoveAssetsBody,
  ZBulkResult,
  ZBulkRetireBody,
  ZBulkRetireResult,
  ZDeleteAssetBody,
  ZEmptyBody,
  ZMoveAssetBody,
  ZPageQuery,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayIn } from '#server/lib/clock.ts';
import { acceptEmptyJsonBody } from '#server/lib/empty-json-body.ts';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { assetPublicUrl } from '#server/lib/public-urls.ts';
import { renderQrPng } from '#server/lib/qr-code.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { listAssetMoves } from '../locations/index.ts';
import { deleteSelection, restoreSelection, retireSelection, setFieldValueOfSelection } from './bulk.ts';
import { findComponents } from './hierarchy.ts';
import { type AssetDeleteContext, deleteAsset, restoreAsset, retireAsset } from './lifecycle.ts';
import { moveAsset, moveSelection } from './moves.ts';
import {
  type AssetActionContext,
  createAsset,
  getAsset,
  getAssetRow,
  listAssetPage,
  updateAsset,
} from './service.ts';

const ZIdParams = z.object({ id: z.string() });

/** /api/assets: the organization's assets, their custom values and QR codes. */
export async function assetRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest) => actionContext(app, request);

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
      const user = currentUser(request);
      const { items, total, countedUpTo } = await listAssetPage(
        app.db,
        user.organizationId,
        request.query,
        todayIn(app.clock, user.timeZone),
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

  app.post(
    '/bulk/location',
    {
      schema: {
        tags: ['assets'],
        body: ZBulkMoveAssetsBody,
        response: { 200: ZBulkResult },
        description:
          'Moves the selected assets in service (assetIds, or every asset the list shows for query; at most 5,000) to one location (null: to none). Each move is recorded in the asset’s moves and the audit log and sent as asset.moved; retired assets and those already there are left as they are.',
      },
    },
    async (request) => moveSelection(app.db, context(request), request.body),
  );

  app.post(
    '/:id/location',
    {
      schema: {
        tags: ['assets'],
        params: ZIdParams,
        body: ZMoveAssetBody,
        response: { 200: ZAsset },
        description:
          'Moves an asset in service to a location of the organization (null: to none): recorded in its moves (from, to, who, when), in the audit log as a MOVE, and sent as asset.moved. A location of another organization answers 404.',
      },
    },
    async (request) => {
      const user = currentUser(request);
      await moveAsset(app.db, context(request), request.params.id, request.body);
      return getAsset(
        app.db,
        user.organizationId,
        request.params.id,
        app.config.publicBaseUrl,
        app.clock.now(),
      );
    },
  );

  app.get(
    '/:id/moves',
    {
      schema: {
        tags: ['assets'],
        params: ZIdParams,
        querystring: ZAssetMovesQuery,
        response: { 200: z.array(ZAssetMove) },
        description:
          'An asset’s moves between locations, newest first: from, to (their paths as they read then), who and when; X-Total-Count, X-Page and X-Page-Size headers.',
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const row = await getAssetRow(app.db, currentUser(request).organizationId, request.params.id);
      const { items, total } = await listAssetMoves(app.db, row.organizationId, row.id, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      setPagingHeaders(reply, { total, page, pageSize });
      return items;
    },
  );

  app.get(
    '/:id/components',
    {
      schema: {
        tags: ['assets'],
        params: ZIdParams,
        querystring: ZPageQuery,
        response: { 200: ZAssetComponents },
        description:
          'The components right below an asset, by name, each with its open and overdue tasks and next service, and the roll-up of the asset with all its components (how many, open tasks, overdue, due soon); X-Total-Count, X-Page and X-Page-Size headers count the components listed.',
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const user = currentUser(request);
      const row = await getAssetRow(app.db, user.organizationId, request.params.id);
      const { items, rollup, total } = await findComponents(
        app.db,
        row.organizationId,
        row.id,
        { offset: (page - 1) * pageSize, limit: pageSize },
        todayIn(app.clock, user.timeZone),
      );
      setPagingHeaders(reply, { total, page, pageSize });
      return { items, rollup };
    },
  );

  app.get(
    '/:id',
    {
      schema: { tags: ['assets'], params: ZIdParams, response: { 200: ZAsset } },
    },
    async (request) =>
      getAsset(
        app.db,
        currentUser(request).organizationId,
        request.params.id,
        app.config.publicBaseUrl,
        app.clock.now(),
      ),
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

function actionContext(app: FastifyInstance, request: FastifyRequest): AssetActionContext {
  return {
    actor: currentUser(request),
    ipAddress: request.ip,
    publicBaseUrl: app.config.publicBaseUrl,
    now: app.clock.now(),
  };
}

function deleteContext(app: FastifyInstance, request: FastifyRequest): AssetDeleteContext {
  return {
    ...actionContext(app, request),
    storage: app.storage,
    onStorageError: (error, objectKey) =>
      request.log.warn({ err: error, objectKey }, 'could not remove a deleted file from storage'),
  };
}

/** /api/admin/assets: retire, restore and delete assets (administrators, ADR 046). */
export async function assetAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  acceptEmptyJsonBody(app);

  app.post(
    '/bulk/retire',
    {
      schema: {
        tags: ['assets'],
        body: ZBulkRetireBody,
        response: { 200: ZBulkRetireResult },
        description:
          'Retires the selected assets in service (assetIds, or every asset the list shows for query; at most 5,000), leaving those with open tasks in service (ADR 048). Audited per retired asset.',
      },
    },
    async (request) => retireSelection(app.db, actionContext(app, request), request.body),
  );

  app.post(
    '/bulk/restore',
    {
      schema: {
        tags: ['assets'],
        body: ZBulkRetireBody,
        response: { 200: ZBulkResult },
        description:
          'Puts the selected retired assets back in service (assetIds, or every asset the list shows for query; at most 5,000). Audited per restored asset.',
      },
    },
    async (request) => restoreSelection(app.db, actionContext(app, request), request.body),
  );

  app.post(
    '/bulk/delete',
    {
      schema: {
        tags: ['assets'],
        body: ZBulkDeleteBody,
        response: { 200: ZBulkResult },
        description:
          'Deletes the selected assets for good (assetIds, or every asset the list shows for query; at most 5,000): all must be retired, and confirmCount must be their number. Nothing is deleted unless all can be. Audited per deleted asset.',
      },
    },
    async (request) => deleteSelection(app.db, deleteContext(app, request), request.body),
  );

  app.post(
    '/:id/retire',
    { schema: { tags: ['assets'], params: ZIdParams, body: ZEmptyBody, response: { 200: ZAsset } } },
    async (request) => retireAsset(app.db, actionContext(app, request), request.params.id),
  );

  app.post(
    '/:id/restore',
    { schema: { tags: ['assets'], params: ZIdParams, body: ZEmptyBody, response: { 200: ZAsset } } },
    async (request) => restoreAsset(app.db, actionContext(app, request), request.params.id),
  );

  app.delete(
    '/:id',
    { schema: { tags: ['assets'], params: ZIdParams, body: ZDeleteAssetBody } },
    async (request, reply) => {
      await deleteAsset(app.db, deleteContext(app, request), request.params.id, request.body.confirmName);
      return reply.code(204).send();
    },
  );
}
