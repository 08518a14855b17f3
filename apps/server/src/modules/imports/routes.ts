import { createReadStream, createWriteStream } from 'node:fs';
import multipart from '@fastify/multipart';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_UNDO_DAYS,
  ZImportMappingBody,
  ZImportProblem,
  ZImportReadingBody,
  ZImportRun,
  ZImportUndoPreview,
  ZImportUploadQuery,
  ZPageQuery,
} from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/lib/app-error.ts';
import { holdTurnUntilAnswered } from '#server/lib/heavy-work.ts';
import { receiveMultipartFile } from '#server/lib/multipart-file.ts';
import { sendCsv } from '#server/lib/send-csv.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { readerLanguage } from '../users/index.ts';
import { IMPORT_JOBS } from './jobs.ts';
import {
  discardImport,
  getImport,
  importProblemRows,
  listImportProblems,
  listImports,
  receiveImportFile,
  setImportMapping,
  setImportReading,
  startImportCheck,
  startImportCommit,
  uploadImport,
} from './service.ts';
import { withTemporaryFile } from './temporary-file.ts';
import { previewUndo, undoImport } from './undo.ts';

const ZIdParams = z.object({ id: z.string() });

const fileErrors = {
  missing: () => new AppError('VALIDATION', IMPORT_MESSAGES.noFile),
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge),
};

/** POST /: the CSV upload, in a scope of its own so that only it accepts multipart bodies. */
async function uploadRoute(instance: FastifyInstance): Promise<void> {
  await instance.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
  });
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/',
    {
      schema: {
        tags: ['imports'],
        consumes: ['multipart/form-data'],
        querystring: ZImportUploadQuery,
        response: { 201: ZImportRun },
        description: `Reads a CSV of assets, or of past maintenance events with kind=events (the "file" field, UTF-8, UTF-16 with its byte order mark, or a single-byte encoding such as Windows-1252 or Mac Roman, detected; at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB), into a new import with a proposed mapping.`,
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { kind } = request.query;
      // The file goes to disk as it arrives, checked on the way (ADR 088): a slow upload holds no
      // turn of heavy work, and a bad header row stops it within its first 256 KB.
      return withTemporaryFile(async (path) => {
        const { fileName, received: start } = await receiveMultipartFile(
          request,
          'file',
          fileErrors,
          (file) => receiveImportFile(kind, file, createWriteStream(path)),
          () => createReadStream(path),
        );
        await holdTurnUntilAnswered(app.heavyWork, actor.organizationId, reply);
        const read = () => createReadStream(path);
        const run = await uploadImport(app.db, actor, kind, { fileName, start, read });
        return reply.code(201).send(run);
      });
    },
  );
}

/** /api/admin/imports: CSV imports of assets and of maintenance history, for administrators. */
export async function importRoutes(instance: FastifyInstance): Promise<void> {
  await instance.register(uploadRoute);
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const organizationOf = (request: Parameters<typeof currentUser>[0]) => currentUser(request).organizationId;

  app.get('/', { schema: { tags: ['imports'], response: { 200: z.array(ZImportRun) } } }, async (request) =>
    listImports(app.db, organizationOf(request)),
  );

  app.get(
    '/:id',
    { schema: { tags: ['imports'], params: ZIdParams, response: { 200: ZImportRun } } },
    async (request) => getImport(app.db, organizationOf(request), request.params.id),
  );

  app.put(
    '/:id/mapping',
    {
      schema: {
        tags: ['imports'],
        params: ZIdParams,
        body: ZImportMappingBody,
        response: { 200: ZImportRun },
      },
    },
    async (request) =>
      setImportMapping(
        app.db,
        organizationOf(request),
        request.params.id,
        request.body.columns,
        request.body.matchBy,
      ),
  );

  app.put(
    '/:id/reading',
    {
      schema: {
        tags: ['imports'],
        params: ZIdParams,
        body: ZImportReadingBody,
        response: { 200: ZImportRun },
        description:
          'How the file is read: its encoding (another one reads its header row again and proposes the mapping again), and how it writes numbers and dates. Uploaded or Checked only, else 409.',
      },
    },
    async (request) => setImportReading(app.db, organizationOf(request), request.params.id, request.body),
  );

  app.post(
    '/:id/check',
    {
      schema: {
        tags: ['imports'],
        params: ZIdParams,
        response: { 202: ZImportRun },
        description:
          'Starts the dry run: every row is checked in the background; GET the import for its progress.',
      },
    },
    async (request, reply) => {
      const organizationId = organizationOf(request);
      const started = await app.db.transaction(async (tx) => {
        const run = await startImportCheck(tx, organizationId, request.params.id);
        await app.jobs.send(IMPORT_JOBS.check, { organizationId, importId: run.id }, { tx, organizationId });
        return run;
      });
      return reply.code(202).send(started);
    },
  );

  app.post(
    '/:id/commit',
    {
      schema: {
        tags: ['imports'],
        params: ZIdParams,
        response: { 202: ZImportRun },
        description:
          'Imports a checked file without problems, in the background; GET the import for its progress.',
      },
    },
    async (request, reply) => {
      const organizationId = organizationOf(request);
      const started = await app.db.transaction(async (tx) => {
        const run = await startImportCommit(tx, organizationId, request.params.id);
        await app.jobs.send(IMPORT_JOBS.commit, { organizationId, importId: run.id }, { tx, organizationId });
        return run;
      });
      return reply.code(202).send(started);
    },
  );

  app.get(
    '/:id/problems',
    {
      schema: {
        tags: ['imports'],
        params: ZIdParams,
        querystring: ZPageQuery,
        response: { 200: z.array(ZImportProblem) },
      },
    },
    async (request) => listImportProblems(app.db, organizationOf(request), request.params.id, request.query),
  );

  app.get(
    '/:id/warnings',
    {
      schema: {
        tags: ['imports'],
        params: ZIdParams,
        querystring: ZPageQuery,
        response: { 200: z.array(ZImportProblem) },
        description:
          'The warnings of the check (rows that add an asset whose name is in use), in file order.',
      },
    },
    async (request) =>
      listImportProblems(app.db, organizationOf(request), request.params.id, request.query, true),
  );

  app.get(
    '/:id/undo',
    {
      schema: {
        tags: ['imports'],
        params: ZIdParams,
        response: { 200: ZImportUndoPreview },
        description:
          'What undoing a finished import of assets would do, and which of its assets changed since (409 when it cannot be undone).',
      },
    },
    async (request) => previewUndo(app.db, organizationOf(request), request.params.id, app.clock.now()),
  );

  app.post(
    '/:id/undo',
    {
      schema: {
        tags: ['imports'],
        params: ZIdParams,
        response: { 200: ZImportRun },
        description: `Undoes a finished import of assets within ${IMPORT_UNDO_DAYS} days: deletes the assets it created and puts back those it updated, in one transaction; 409 naming the assets that changed since.`,
      },
    },
    async (request) =>
      undoImport(
        app.db,
        { actor: currentUser(request), ipAddress: request.ip, now: app.clock.now() },
        request.params.id,
      ),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['imports'],
        params: ZIdParams,
        description:
          'Discards an import with its stored rows and problems; the assets it brought in stay. 409 while it is checked or imported.',
      },
    },
    async (request, reply) => {
      await discardImport(app.db, { actor: currentUser(request), ipAddress: request.ip }, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/:id/problems.csv',
    { schema: { tags: ['imports'], params: ZIdParams, description: 'Every problem of the check, as CSV.' } },
    async (request, reply) => {
      const organizationId = organizationOf(request);
      // Found before the download starts, so another organization's id answers 404, not an empty file.
      await getImport(app.db, organizationId, request.params.id);
      const language = readerLanguage(currentUser(request));
      return sendCsv(
        reply,
        'import-problems.csv',
        importProblemRows(app.db, organizationId, request.params.id, language),
      );
    },
  );
}
