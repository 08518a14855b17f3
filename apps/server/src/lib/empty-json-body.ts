import type { FastifyInstance } from 'fastify';

/**
 * In this scope an empty body with a JSON content type counts as none (Fastify refuses it otherwise),
 * so clients of the actions that take no body may send nothing, `{}` or `null`.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, null);
    else parseJson(request, text, done);
  });
}
