import { ZClientConfig } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Public settings the browser needs before sign-in. */
export async function clientConfigRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/client-config',
    {
      schema: {
        tags: ['client-config'],
        summary: 'Public settings for the web app',
        response: { 200: ZClientConfig },
      },
    },
    async () => ({
      supportEmail: app.config.supportEmail,
      publicBaseUrl: app.config.publicBaseUrl,
      maxUploadBytes: app.config.maxUploadMb * 1024 * 1024,
      emailReminders: app.config.smtpUrl !== undefined,
    }),
  );
}
