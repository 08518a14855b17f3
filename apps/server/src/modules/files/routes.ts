import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDispositionHeader, mediaTypeOf } from '../../storage/content-disposition.ts';
import { getFileDelivery } from './service.ts';

const ZParams = z.object({ organizationId: z.string(), fileId: z.string() });

/**
 * The Content-Security-Policy of a served file: nothing loads, nothing runs (sandbox), as if the
 * file were opened from another origin. PDF goes without `sandbox`, which stops Chromium's PDF viewer.
 */
export function fileContentSecurityPolicy(contentType: string): string {
  const base = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
  if (mediaTypeOf(contentType) === 'application/pdf')
    return `${base}; object-src 'self'; frame-ancestors 'self'`;
  return `${base}; frame-ancestors 'self'; sandbox`;
}

/** /public/orgs/:organizationId/files/:fileId: the stored files (no sign-in, like the public asset page). */
export async function fileRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:organizationId/files/:fileId',
    {
      schema: {
        tags: ['public'],
        params: ZParams,
        description:
          'The file: its bytes (local storage) or a redirect to a short-lived storage URL (S3). Inline only for images, PDF, plain text, audio and video.',
      },
    },
    async (request, reply) => {
      const { file, disposition, download } = await getFileDelivery(
        app.db,
        app.storage,
        request.params.organizationId,
        request.params.fileId,
      );
      reply.header('X-Content-Type-Options', 'nosniff');
      if (download.kind === 'redirect') {
        // The presigned URL lives 5 minutes: the redirect itself is cached for less.
        return reply.header('Cache-Control', 'private, max-age=60').redirect(download.url, 302);
      }
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(download.size))
        .header('Content-Disposition', contentDispositionHeader(disposition, file.fileName))
        .header('Content-Security-Policy', fileContentSecurityPolicy(file.contentType))
        .header('Cache-Control', 'private, max-age=300')
        .send(download.body);
    },
  );
}
