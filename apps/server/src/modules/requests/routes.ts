import multipart from '@fastify/multipart';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  REQUEST_CHALLENGE_MINUTES,
  REQUEST_HONEYPOT_FIELD,
  REQUEST_MAX_PHOTOS,
  REQUEST_MESSAGES,
  REQUEST_PHOTO_CONTENT_TYPES,
  REQUEST_PHOTO_MAX_BYTES,
  SLUG_PATTERN,
  ZAcceptRequestBody,
  ZAcceptRequestResult,
  ZCloseRequestBody,
  ZMergeRequestBody,
  ZMeTooBody,
  ZMeTooResult,
  ZReportChallenge,
  ZReportCreated,
  ZReportFields,
  ZRequestDetail,
  ZRequestListQuery,
  ZRequestPage,
  ZRequestResult,
  ZRequestStatus,
  ZRequestWaitingCount,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalidField, notFound } from '#server/lib/app-error.ts';
import { sendStoredFile } from '#server/lib/send-stored-file.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { currentUser } from '#server/plugins/auth.ts';
import {
  acceptRequest,
  addMeTooReport,
  closeRequest,
  createReport,
  getRequestDetail,
  getRequestPhoto,
  getRequestStatus,
  getWaitingCount,
  listOrganizationRequests,
  mergeRequest,
  newChallenge,
  type ReportPhoto,
} from './service.ts';

const ZAssetParams = z.object({ organizationId: z.string(), slug: z.string() });
const ZMeTooParams = ZAssetParams.extend({ requestId: z.string() });
const ZTokenParams = z.object({ token: z.string() });
const ZIdParams = z.object({ id: z.string() });
const ZPhotoParams = ZIdParams.extend({ photoId: z.string() });

/** Unknown organization or slug, malformed or not: the one 404 (no existence oracle). */
function assetParams(params: z.infer<typeof ZAssetParams>) {
  if (!isUuid(params.organizationId) || !SLUG_PATTERN.test(params.slug) || params.slug.length > 255) {
    throw notFound('Asset');
  }
  return { organizationId: params.organizationId.toLowerCase(), slug: params.slug };
}

const photoFieldError = (message: string) => invalidField('photos', message);

/** The form's text fields and its photos (each checked by its bytes, at most REQUEST_PHOTO_MAX_BYTES). */
async function readReportForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; photos: ReportPhoto[] }> {
  if (!request.isMultipart()) throw invalidField('description', REQUEST_MESSAGES.descriptionRequired);
  const fields: Record<string, string> = {};
  const photos: ReportPhoto[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'photos') {
        part.file.resume();
        continue;
      }
      if (photos.length >= REQUEST_MAX_PHOTOS) {
        part.file.resume();
        throw photoFieldError(REQUEST_MESSAGES.tooManyPhotos);
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw photoFieldError(REQUEST_MESSAGES.photoTooLarge);
      // By the bytes, never the name or the declared type (as attachments and logos). file-type loads
      // with the first photo (idle memory, ADR 033): a report without one never resolves it.
      const { fileTypeFromBuffer } = await import('file-type');
      const type = await fileTypeFromBuffer(bytes);
      const mime = type?.mime as (typeof REQUEST_PHOTO_CONTENT_TYPES)[number] | undefined;
      if (!mime || !REQUEST_PHOTO_CONTENT_TYPES.includes(mime))
        throw photoFieldError(REQUEST_MESSAGES.photoType);
      photos.push({ bytes, contentType: mime });
    }
  } catch (error) {
    if (!request.raw.readableEnded) request.raw.resume();
    if (error instanceof AppError) throw error;
    const { code, statusCode } = (error ?? {}) as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw photoFieldError(REQUEST_MESSAGES.photoTooLarge);
    if (code === 'FST_FILES_LIMIT') throw photoFieldError(REQUEST_MESSAGES.tooManyPhotos);
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) throw error;
    throw invalidField('description', REQUEST_MESSAGES.descriptionRequired);
  }
  return { fields, photos };
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION', IDEMPOTENCY_MESSAGES.invalidKey);
  }
  return key;
}

/** POST .../reports, in a scope of its own: @fastify/multipart is registered here only, with the photos' limits. */
async function reportFormRoute(instance: FastifyInstance): Promise<void> {
  const photoLimit = Math.min(REQUEST_PHOTO_MAX_BYTES, instance.config.maxUploadMb * 1024 * 1024);
  await instance.register(multipart, {
    limits: {
      fileSize: photoLimit,
      files: REQUEST_MAX_PHOTOS + 1,
      fields: 10,
      fieldSize: 16 * 1024,
      parts: 20,
    },
  });
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/:organizationId/assets/:slug/reports',
    {
      schema: {
        tags: ['requests'],
        params: ZAssetParams,
        consumes: ['multipart/form-data'],
        response: { 201: ZReportCreated, 200: ZReportCreated },
        description: `Reports a problem on the asset (no sign-in; docs/product/requests.md): a multipart form with description (1..2000), urgency (works, works_badly, stopped, unsafe), name?, email?, ${REQUEST_HONEYPOT_FIELD} (must stay empty), altcha (the solved challenge of GET .../report-challenge, used once) and up to ${REQUEST_MAX_PHOTOS} files in "photos" (JPEG, PNG or WebP by their bytes, at most ${REQUEST_PHOTO_MAX_BYTES / 1024 / 1024} MB each). 201 with the private status token (shown once) and the status page's path. An Idempotency-Key sent again answers the first report (200), never a second. 404 where the asset is unknown or reporting is off; 429 with Retry-After past the limits per address and per asset.`,
      },
    },
    async (request, reply) => {
      const params = assetParams(request.params);
      const idempotencyKey = idempotencyKeyOf(request);
      // The form is read before the slot is taken: a slow upload from a phone holds no slot.
      const { fields, photos } = await readReportForm(request);
      const parsed = ZReportFields.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw invalidField(String(issue.path[0] ?? 'description'), issue.message);
      }
      const { created, answer } = await app.requests.publicWrites.run(params.organizationId, () =>
        createReport(
          app.requests,
          {
            ip: request.ip,
            acceptLanguage: request.headers['accept-language'],
            idempotencyKey,
            now: app.clock.now(),
            onStorageError: (error, objectKey) =>
              request.log.warn({ err: error, objectKey }, 'could not remove a report photo from storage'),
          },
          params,
          parsed.data,
          photos,
        ),
      );
      reply.header('Cache-Control', 'no-store');
      return reply.code(created ? 201 : 200).send(answer);
    },
  );
}

/** /public/orgs/{organizationId}/assets/{slug}/...: the report form, its challenge, "me too". No sign-in. */
export async function publicReportRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:organizationId/assets/:slug/report-challenge',
    {
      schema: {
        tags: ['requests'],
        params: ZAssetParams,
        response: { 200: ZReportChallenge },
        description: `A proof-of-work challenge (altcha-lib) for the asset's report form, valid ${REQUEST_CHALLENGE_MINUTES} minutes, accepted once. 404 where reporting is off.`,
      },
    },
    async (request, reply) => {
      const challenge = await newChallenge(
        app.requests,
        assetParams(request.params).organizationId,
        request.params.slug,
        app.clock.now(),
      );
      reply.header('Cache-Control', 'no-store');
      return challenge;
    },
  );

  await app.register(reportFormRoute);

  app.post(
    '/:organizationId/assets/:slug/reports/:requestId/me-too',
    {
      schema: {
        tags: ['requests'],
        params: ZMeTooParams,
        body: ZMeTooBody,
        response: { 200: ZMeTooResult },
        description:
          'Adds "me too" to the open report being handled on the asset (a solved challenge; counted once per address). 404 where the report is not an open one of this asset.',
      },
    },
    async (request) => {
      const params = assetParams(request.params);
      return app.requests.publicWrites.run(params.organizationId, () =>
        addMeTooReport(
          app.requests,
          { ip: request.ip, now: app.clock.now() },
          { ...params, requestId: request.params.requestId },
          request.body.altcha,
        ),
      );
    },
  );
}

/** /public/requests/{token}: the reporter's status page. The token is the only key; staff names never show. */
export async function publicRequestStatusRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/:token',
    {
      schema: {
        tags: ['requests'],
        params: ZTokenParams,
        response: { 200: ZRequestStatus },
        description: 'A report as its reporter sees it, by its private token. 404 for any token not known.',
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return getRequestStatus(app.db, request.params.token);
    },
  );
}

/** /api/requests: the organization's requests and their triage (signed in; triage per the organization's setting). */
export async function requestRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const triage = (request: FastifyRequest) => ({
    actor: currentUser(request),
    ipAddress: request.ip,
    now: app.clock.now(),
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['requests'],
        querystring: ZRequestListQuery,
        response: { 200: ZRequestPage },
        description:
          'A page of the organization’s requests, unsafe first then newest: state (new, accepted, done, closed, or open: new and accepted), urgency, assetId and q (text of the report or the asset’s name) narrow it; cursor reads on with the previous page’s nextCursor.',
      },
    },
    async (request) => listOrganizationRequests(app.db, currentUser(request), request.query),
  );

  app.get(
    '/waiting-count',
    {
      schema: {
        tags: ['requests'],
        response: { 200: ZRequestWaitingCount },
        description: 'How many requests wait for triage (new), and how many of them are unsafe.',
      },
    },
    async (request) => getWaitingCount(app.db, currentUser(request)),
  );

  app.get(
    '/:id',
    { schema: { tags: ['requests'], params: ZIdParams, response: { 200: ZRequestDetail } } },
    async (request) => getRequestDetail(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/:id/photos/:photoId',
    {
      schema: {
        tags: ['requests'],
        params: ZPhotoParams,
        description: 'A photo of the request (staff only), with the type its bytes were checked as.',
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.photoId)) throw notFound('File');
      const photo = await getRequestPhoto(
        app.db,
        currentUser(request),
        request.params.id,
        request.params.photoId,
      );
      const fileName = `photo.${photo.contentType.split('/')[1] === 'jpeg' ? 'jpg' : photo.contentType.split('/')[1]}`;
      const download = await app.storage.download(photo.objectKey, {
        fileName,
        contentType: photo.contentType,
        disposition: 'inline',
      });
      if (!download) throw notFound('File');
      return sendStoredFile(
        reply,
        { contentType: photo.contentType, fileName, disposition: 'inline', download },
        { bytes: 'private, max-age=3600', redirect: 'private, max-age=60' },
      );
    },
  );

  app.post(
    '/:id/accept',
    {
      schema: {
        tags: ['requests'],
        params: ZIdParams,
        body: ZAcceptRequestBody,
        response: { 200: ZAcceptRequestResult },
        description:
          'Accepts a new request: a Pending task on its asset with the report’s text and photos, an optional assignee (an active person of the organization) and due date. 409 once triaged.',
      },
    },
    async (request) => acceptRequest(app.requests, triage(request), request.params.id, request.body),
  );

  app.post(
    '/:id/merge',
    {
      schema: {
        tags: ['requests'],
        params: ZIdParams,
        body: ZMergeRequestBody,
        response: { 200: ZRequestResult },
        description:
          'Merges a new request into an open task of the organization (its photos join the task’s files). 404 for a task of another organization; 409 for a completed one or a request already triaged.',
      },
    },
    async (request) => mergeRequest(app.requests, triage(request), request.params.id, request.body.taskId),
  );

  app.post(
    '/:id/close',
    {
      schema: {
        tags: ['requests'],
        params: ZIdParams,
        body: ZCloseRequestBody,
        response: { 200: ZRequestResult },
        description:
          'Closes a new request with a reason (duplicate, not_a_fault, spam); closed as spam, blockSender refuses its sender’s reports for 30 days.',
      },
    },
    async (request) => closeRequest(app.requests, triage(request), request.params.id, request.body),
  );
}
