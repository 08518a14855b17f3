import { type TApiError, ZPresignBody, ZPresignResponse } from '@mqr/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#server/lib/app-error.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { mapError } from '#server/plugins/errors.ts';
import { LocalFileStorage, UploadTooLargeError } from '#server/storage/local.ts';
import { type SignedUploadQuery, UploadSigner } from '#server/storage/upload-signature.ts';
import { checkLocalUpload, presignUpload, tooLargeMessage, type UploadRefusal } from './service.ts';

/** /api/uploads: upload URLs for the signed-in user's organization. */
export async function uploadRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/presign',
    {
      schema: {
        tags: ['uploads'],
        body: ZPresignBody,
        response: { 200: ZPresignResponse },
        description:
          'An upload URL: PUT the bytes to uploadUrl with the same Content-Type, then save objectKey with an event.',
      },
    },
    async (request) =>
      presignUpload(app.db, app.storage, currentUser(request), request.body, {
        maxUploadMb: app.config.maxUploadMb,
      }),
  );
}

const REFUSAL_CODES: Record<UploadRefusal['status'], TApiError['code']> = {
  403: 'FORBIDDEN',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  // Fastify's own 415 answers map to VALIDATION too (plugins/errors.ts).
  415: 'VALIDATION',
};

/**
 * Answers a refused upload and closes the connection, so an unread body is not drained. The body is
 * the error handler's, with the message's id and values (ADR 113).
 */
function refuse(reply: FastifyReply, refusal: UploadRefusal): FastifyReply {
  const body = mapError(new AppError(REFUSAL_CODES[refusal.status], refusal.message)).body;
  return reply
    .code(refusal.status)
    .header('Connection', 'close')
    .type('application/json; charset=utf-8')
    .send(body);
}

function signedQuery(query: unknown): SignedUploadQuery {
  const q = (query ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    contentType: text(q.contentType),
    maxBytes: text(q.maxBytes),
    expires: text(q.expires),
    signature: text(q.signature),
  };
}

/**
 * PUT /api/uploads/local/{objectKey}: the local driver's stand-in for a presigned S3 PUT. No bearer
 * token: the URL's signature is the authority. The body bypasses Fastify's parsers and body limit
 * (this plugin is encapsulated and its only parser leaves the stream alone) and is streamed to disk.
 * Registered only when the storage is the local disk.
 */
export async function localUploadRoutes(app: FastifyInstance): Promise<void> {
  const storage = app.storage;
  if (!(storage instanceof LocalFileStorage)) return;
  const signer = new UploadSigner(app.config.jwtSecret);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.put(
    '/*',
    {
      schema: {
        tags: ['uploads'],
        description: 'Local storage only: the uploadUrl answered by POST /api/uploads/presign.',
      },
    },
    async (request, reply) => {
      const check = await checkLocalUpload(app.db, signer, {
        objectKey: (request.params as { '*': string })['*'],
        query: signedQuery(request.query),
        contentType: request.headers['content-type'],
        contentLength: request.headers['content-length'],
      });
      if (!check.ok) return refuse(reply, check.refusal);
      const { objectKey, maxBytes } = check.target;
      try {
        await storage.receive(objectKey, request.raw, maxBytes);
      } catch (error) {
        if (error instanceof UploadTooLargeError) {
          return refuse(reply, { status: 413, message: tooLargeMessage(maxBytes) });
        }
        if (request.raw.destroyed && !request.raw.complete) {
          request.log.info({ objectKey }, 'upload aborted by the client');
          return reply;
        }
        throw error;
      }
      return reply.code(204).send();
    },
  );
}
