import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';

/** OpenAPI document built from the routes' zod schemas: register before any route (it collects them). */
async function apiDocs(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Maintenance QR API',
        description: 'Sign in with POST /api/auth/login, then use the token as a Bearer token.',
        version: '1.0.0',
      },
      servers: [{ url: options.config.publicBaseUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
}

/** The document, browsable at /api/docs (register it in the public scope). */
export async function apiDocsUi(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { persistAuthorization: false, deepLinking: true },
    // Our helmet CSP applies; the UI's own files are served from 'self'.
    staticCSP: false,
  });
}

export default fp(apiDocs, { name: 'mqr-api-docs', fastify: '5.x' });
