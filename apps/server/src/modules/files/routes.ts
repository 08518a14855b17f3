import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type StoredFileCaching, sendStoredFile } from '#server/lib/send-stored-file.ts';
import { getFileDelivery } from './service.ts';

const ZParams = z.object({ organizationId: z.string(), fileId: z.string() });

/** Attachments are seen by whoever holds the link: browsers keep them, shared caches do not. */
const FILE_CACHING: StoredFileCaching = { bytes: 'private, max-age=300', redirect: 'private, max-age=60' };

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
      const file = await getFileDelivery(
        app.db,
        app.storage,
        request.params.organizationId,
        request.params.fileId,
      );
      return sendStoredFile(reply, file, FILE_CACHING);
    },
  );
}
