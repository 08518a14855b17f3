import {
  EVENT_PAGE_SIZE,
  SLUG_PATTERN,
  ZEventPageQuery,
  ZPublicAsset,
  ZPublicEventPage,
  ZPublicLocation,
} from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/lib/app-error.ts';
import { assetPublicUrl } from '#server/lib/public-urls.ts';
import { renderQrPng } from '#server/lib/qr-code.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { getPublicAsset, getPublicEventPage, getPublicLocation } from './service.ts';

const ZParams = z.object({ organizationId: z.string(), slug: z.string() });

/**
 * A repeat scan within half a minute is answered by the visitor's browser itself, with what it
 * already showed. No shared cache keeps the answer: a field made internal or retired leaves the next
 * visitor's page at once (ADR 091).
 */
export const PUBLIC_PAGE_CACHE = 'private, max-age=30';

function checkParams(params: z.infer<typeof ZParams>): void {
  if (!isUuid(params.organizationId) || !SLUG_PATTERN.test(params.slug) || params.slug.length > 255) {
    throw notFound('Asset');
  }
}

/** /public/orgs: what anyone holding an asset's QR code may see. No sign-in. */
export async function publicAssetRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:organizationId/assets/:slug',
    { schema: { tags: ['public'], params: ZParams, response: { 200: ZPublicAsset } } },
    async (request, reply) => {
      checkParams(request.params);
      reply.header('Cache-Control', PUBLIC_PAGE_CACHE);
      // The replica's, when it may answer this request (ADR 141).
      return getPublicAsset(
        app.readDb(request),
        request.params.organizationId.toLowerCase(),
        request.params.slug,
        app.clock.now(),
      );
    },
  );

  app.get(
    '/:organizationId/assets/:slug/events',
    {
      schema: {
        tags: ['public'],
        params: ZParams,
        querystring: ZEventPageQuery,
        response: { 200: ZPublicEventPage },
        description: `The public history older than the event \`after\` (nextAfter of the previous page), ${EVENT_PAGE_SIZE} events at most, newest first.`,
      },
    },
    async (request, reply) => {
      checkParams(request.params);
      reply.header('Cache-Control', PUBLIC_PAGE_CACHE);
      const { organizationId, slug } = request.params;
      return getPublicEventPage(
        app.readDb(request),
        organizationId.toLowerCase(),
        slug,
        request.query.after,
        app.clock.now(),
      );
    },
  );

  app.get(
    '/:organizationId/assets/:slug/qr.png',
    {
      schema: {
        tags: ['public'],
        params: ZParams,
        description: 'PNG QR code of the asset public page.',
      },
    },
    async (request, reply) => {
      checkParams(request.params);
      const asset = await getPublicAsset(
        app.readDb(request),
        request.params.organizationId.toLowerCase(),
        request.params.slug,
        app.clock.now(),
      );
      const png = await renderQrPng(
        assetPublicUrl(app.config.publicBaseUrl, asset.organizationId, asset.slug),
      );
      return reply.type('image/png').header('Cache-Control', 'public, max-age=300').send(png);
    },
  );

  app.get(
    '/:organizationId/locations/:slug',
    {
      schema: {
        tags: ['public'],
        params: ZParams,
        response: { 200: ZPublicLocation },
        description:
          'A location’s public page (what its QR code opens for the public), only where the organization turns it on (publicLocationPages): its name, its path, and the names and next service of the assets in service at it and below it, by name (200 at most). 404 otherwise.',
      },
    },
    async (request, reply) => {
      const { organizationId, slug } = request.params;
      if (!isUuid(organizationId) || !SLUG_PATTERN.test(slug) || slug.length > 255)
        throw notFound('Location');
      reply.header('Cache-Control', PUBLIC_PAGE_CACHE);
      return getPublicLocation(app.readDb(request), organizationId.toLowerCase(), slug, app.clock.now());
    },
  );
}
