import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '../config.ts';

type Directives = Record<string, string[]>;

/** The Content-Security-Policy the SPA (and the API docs page) run under. Extra origins: e.g. S3's. */
export function cspDirectives(
  config: Pick<AppConfig, 'publicBaseUrl'>,
  extraOrigins: string[] = [],
): Directives {
  const directives: Directives = {
    'default-src': ["'self'"],
    // wasm-unsafe-eval: the QR decoder's WebAssembly.
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...extraOrigins],
    'connect-src': ["'self'", ...extraOrigins],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  // On plain http (localhost) this directive would make the browser fetch https URLs that do not answer.
  if (config.publicBaseUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** S3's origin, so the browser may PUT uploads to it and show images from it. */
export function storageOrigins(config: Pick<AppConfig, 'storage' | 's3'>): string[] {
  if (config.storage !== 's3' || !config.s3) return [];
  if (config.s3.endpoint) {
    const endpoint = new URL(config.s3.endpoint);
    return config.s3.forcePathStyle
      ? [endpoint.origin]
      : [endpoint.origin, `${endpoint.protocol}//*.${endpoint.host}`];
  }
  return [
    `https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`,
    `https://s3.${config.s3.region}.amazonaws.com`,
  ];
}

/** HSTS, only where the public address is https (on http it would make the browser fetch addresses that do not answer). */
const HSTS = { maxAge: 15_552_000, includeSubDomains: true };

/**
 * The headers of an API answer (JSON, a file, a CSV): no document may run, frame or sniff it, and the
 * browser may not load it from another site (OWASP's REST security headers). The SPA's policy and
 * helmet's document headers (opener policy, DNS prefetch, and older browsers' ones) are for pages.
 */
export function apiHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': `max-age=${HSTS.maxAge}; includeSubDomains` } : {}),
  };
}

/** Paths under /api/ that answer pages (the API docs' HTML and its scripts), not data. */
const API_PAGES = '/api/docs';

async function securityHeaders(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const { config } = options;
  const https = config.publicBaseUrl.startsWith('https:');
  const forApi = apiHeaders(https);
  // Built once: @fastify/helmet built this middleware again for every response, parsing the
  // policy each time (3% of a signed-in request's JavaScript, ADR 038).
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, storageOrigins(config)) },
    // HSTS only makes sense when the public address is https.
    strictTransportSecurity: https ? HSTS : false,
    // Same-origin resources only; the public asset page's images are served by this origin.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
    if (url.startsWith('/api/') && !url.startsWith(API_PAGES)) {
      reply.headers(forApi);
      return done();
    }
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

export default fp(securityHeaders, { name: 'mqr-security-headers', fastify: '5.x' });
