import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import { SECURITY_SCHEMES } from './access-scopes.ts';

const DESCRIPTION = `Two ways to authenticate, each a Bearer token in the Authorization header:

- **Sign-in token** (\`signInToken\`): POST /api/auth/login answers one (a JWT, valid TOKEN_TTL_HOURS). A
  request that carries the XSRF-TOKEN cookie (a browser) must echo it in the X-XSRF-TOKEN header on
  POST, PUT, PATCH and DELETE; clients without cookies need nothing more.
- **API token** (\`apiToken\`): created under Settings → API tokens, starts with \`mqr_\`, acts as its user
  with their current role, until it expires or is revoked. No XSRF header is needed. A read-only token
  may use GET only (a route listing the role \`read\`); a read and write token every route that lists
  \`apiToken\`. Routes that list only \`signInToken\` (managing tokens, changing the password or email)
  refuse API tokens with 403.

Writes accept an Idempotency-Key header: a repeat answers the first result.`;

/** OpenAPI document built from the routes' zod schemas: register before any route (it collects them). */
async function apiDocs(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Maintenance QR API',
        description: DESCRIPTION,
        version: '1.0.0',
      },
      servers: [{ url: options.config.publicBaseUrl }],
      components: {
        securitySchemes: {
          [SECURITY_SCHEMES.signInToken]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The token POST /api/auth/login answers. Browsers that carry the XSRF-TOKEN cookie echo it in X-XSRF-TOKEN on writes.',
          },
          [SECURITY_SCHEMES.apiToken]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'mqr_…',
            description:
              'A personal API token (mqr_…). Role "read": any token; role "write": tokens with read and write access. No XSRF header.',
          },
        },
      },
      security: [{ [SECURITY_SCHEMES.signInToken]: [] }, { [SECURITY_SCHEMES.apiToken]: ['write'] }],
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
