import multipart from '@fastify/multipart';
import {
  LOGO_MAX_BYTES,
  ZAdminOrganization,
  ZLogoQuery,
  ZOrganization,
  ZOrganizationBody,
  ZOrganizationSettingsBody,
  ZPageQuery,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipartFile } from '#server/lib/multipart-file.ts';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { type StoredFileCaching, sendStoredFile } from '#server/lib/send-stored-file.ts';
import { currentUser } from '#server/plugins/auth.ts';
import {
  assertOrganizationExists,
  createOrganization,
  getLogoDelivery,
  type LogoActionContext,
  listAdminOrganizations,
  logoMissingError,
  logoTooLargeError,
  removeOrganizationLogo,
  renameOrganization,
  replaceOrganizationLogo,
  updateOrganizationSettings,
} from './service.ts';

const ZIdParams = z.object({ id: z.string() });

/** A versioned logo URL never changes content: browsers and proxies may keep it for a year. */
const VERSIONED_LOGO_CACHING: StoredFileCaching = {
  bytes: 'public, max-age=31536000, immutable',
  redirect: 'public, max-age=60',
};
/** The same path without the current version (an old link, or none): the logo may change. */
const UNVERSIONED_LOGO_CACHING: StoredFileCaching = {
  bytes: 'public, max-age=300',
  redirect: 'public, max-age=60',
};

function logoContext(app: FastifyInstance, request: FastifyRequest): LogoActionContext {
  return {
    actor: currentUser(request),
    ipAddress: request.ip,
    storage: app.storage,
    onStorageError: (error, objectKey) =>
      request.log.warn({ err: error, objectKey }, 'could not remove a replaced logo from storage'),
  };
}

/** Reads the "logo" file of a multipart request: at most LOGO_MAX_BYTES (413 past it), 400 without one. */
async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  const { bytes } = await readMultipartFile(request, 'logo', {
    missing: logoMissingError,
    tooLarge: logoTooLargeError,
  });
  return bytes;
}

/**
 * POST /:id/logo, in a scope of its own: @fastify/multipart (and its multipart/form-data parser) is
 * registered here only, with the logo's limits, so no other route accepts multipart bodies.
 */
async function logoUploadRoute(instance: FastifyInstance): Promise<void> {
  await instance.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20 },
  });
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/:id/logo',
    {
      schema: {
        tags: ['organizations'],
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 200: ZAdminOrganization },
        description:
          'Replaces the logo: a multipart form with one file in the "logo" field, PNG, JPEG, GIF or WebP by its bytes, at most 5 MB.',
      },
    },
    async (request) => {
      await assertOrganizationExists(app.db, request.params.id);
      const bytes = await readLogoUpload(request);
      return replaceOrganizationLogo(app.db, logoContext(app, request), request.params.id, bytes);
    },
  );
}

/** /api/admin/organizations: every organization, for super administrators only (403 for anyone else). */
export async function adminOrganizationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest) => ({ actor: currentUser(request), ipAddress: request.ip });

  app.get(
    '/',
    {
      schema: {
        tags: ['organizations'],
        querystring: ZPageQuery,
        response: { 200: z.array(ZAdminOrganization) },
        description: 'One page of organizations by name; X-Total-Count, X-Page and X-Page-Size headers.',
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { items, total } = await listAdminOrganizations(app.db, { page, pageSize });
      setPagingHeaders(reply, { total, page, pageSize });
      return items;
    },
  );

  app.post(
    '/',
    {
      schema: { tags: ['organizations'], body: ZOrganizationBody, response: { 201: ZAdminOrganization } },
    },
    async (request, reply) => {
      const organization = await createOrganization(app.db, context(request), request.body.name);
      return reply.code(201).send(organization);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['organizations'],
        params: ZIdParams,
        body: ZOrganizationBody,
        response: { 200: ZAdminOrganization },
      },
    },
    async (request) => renameOrganization(app.db, context(request), request.params.id, request.body.name),
  );

  app.delete(
    '/:id/logo',
    {
      schema: {
        tags: ['organizations'],
        params: ZIdParams,
        response: { 200: ZAdminOrganization },
        description: 'Removes the logo; an organization without one is answered as it is.',
      },
    },
    async (request) => removeOrganizationLogo(app.db, logoContext(app, request), request.params.id),
  );

  await app.register(logoUploadRoute);
}

/** /api/admin/organization: an administrator's settings of their own organization. */
export async function organizationSettingsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/settings',
    {
      schema: {
        tags: ['organizations'],
        body: ZOrganizationSettingsBody,
        response: { 200: ZOrganization },
        description:
          "The administrator's own organization, the settings sent: its IANA time zone (what today and a due date are), whether its people get the daily digest by email, the language of those who chose none (defaultLanguage), whether its locations' QR codes open a public page (publicLocationPages) and whether the public asset page says where the asset is (publicAssetLocation), both off by default; requests from the QR code (reportingEnabled and showOpenReports, on by default, and requestTriageRole: member or admin); whether the public asset page shows completed tasks' checklist summaries (publicChecklistSummary, off by default). Answers the organization.",
      },
    },
    async (request) =>
      updateOrganizationSettings(
        app.db,
        { actor: currentUser(request), ipAddress: request.ip },
        request.body,
      ),
  );
}

/** /public/orgs/:organizationId/logo: the organization's logo, for anyone (the header shows it). */
export async function publicOrganizationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:organizationId/logo',
    {
      schema: {
        tags: ['public'],
        params: z.object({ organizationId: z.string() }),
        querystring: ZLogoQuery,
        description:
          'The logo (local storage) or a redirect to a short-lived storage URL (S3); 404 without one. Link it with the versioned logoUrl of the organization.',
      },
    },
    async (request, reply) => {
      const logo = await getLogoDelivery(app.db, app.storage, request.params.organizationId);
      const current = request.query.v === logo.version;
      return sendStoredFile(reply, logo, current ? VERSIONED_LOGO_CACHING : UNVERSIONED_LOGO_CACHING);
    },
  );
}
