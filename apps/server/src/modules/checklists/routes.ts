import {
  ZChecklistAnswerBody,
  ZChecklistListQuery,
  ZChecklistResponse,
  ZChecklistTemplate,
  ZChecklistTemplateBody,
  ZChecklistTemplateSummary,
  ZEmptyBody,
  ZFollowUp,
  ZFollowUpBody,
  ZTaskChecklist,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayIn } from '#server/lib/clock.ts';
import { acceptEmptyJsonBody } from '#server/lib/empty-json-body.ts';
import { holdTurnUntilAnswered } from '#server/lib/heavy-work.ts';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { readerLanguage } from '../users/index.ts';
import { makeChecklistReport, reportFileName } from './report.ts';
import {
  answerStep,
  archiveChecklistTemplate,
  type ChecklistContext,
  clearStep,
  createChecklistTemplate,
  getChecklistTemplate,
  getTaskChecklist,
  listChecklistTemplates,
  openFollowUp,
  restoreChecklistTemplate,
  updateChecklistTemplate,
} from './service.ts';

const ZIdParams = z.object({ id: z.string() });
const ZStepParams = z.object({ id: z.string(), stepKey: z.string() });

function checklistContext(app: FastifyInstance, request: FastifyRequest): ChecklistContext {
  return {
    actor: currentUser(request),
    ipAddress: request.ip,
    now: app.clock.now(),
    storage: app.storage,
    onStorageError: (error, objectKey) =>
      request.log.warn({ err: error, objectKey }, 'could not remove a file from storage'),
  };
}

/** /api/checklists: the organization's checklist templates, for everyone signed in (the pickers). */
export async function checklistRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        tags: ['checklists'],
        querystring: ZChecklistListQuery,
        response: { 200: z.array(ZChecklistTemplateSummary) },
        description:
          'One page of checklist templates by name, active ones (archived=true: the archived ones); q narrows by name. X-Total-Count, X-Page and X-Page-Size headers.',
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { items, total } = await listChecklistTemplates(
        app.db,
        currentUser(request).organizationId,
        request.query,
      );
      setPagingHeaders(reply, { total, page, pageSize });
      return items;
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['checklists'],
        params: ZIdParams,
        response: { 200: ZChecklistTemplate },
        description: 'A template: its current version’s steps and every version (newest first).',
      },
    },
    async (request) => getChecklistTemplate(app.db, currentUser(request).organizationId, request.params.id),
  );
}

/** /api/admin/checklists: administrators create, edit (a new version), archive and restore templates. */
export async function checklistAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest) => checklistContext(app, request);

  app.post(
    '/',
    {
      schema: {
        tags: ['checklists'],
        body: ZChecklistTemplateBody,
        response: { 201: ZChecklistTemplate },
        description: 'A new template (its version 1). Steps without a key get one.',
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createChecklistTemplate(app.db, context(request), request.body)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['checklists'],
        params: ZIdParams,
        body: ZChecklistTemplateBody,
        response: { 200: ZChecklistTemplate },
        description:
          'Renames the template and, when its steps differ from the current version’s, makes the next version. Tasks keep the version they were given.',
      },
    },
    async (request) => updateChecklistTemplate(app.db, context(request), request.params.id, request.body),
  );

  await app.register(async (actions) => {
    const scoped = actions.withTypeProvider<ZodTypeProvider>();
    acceptEmptyJsonBody(scoped);
    scoped.post(
      '/:id/restore',
      {
        schema: {
          tags: ['checklists'],
          params: ZIdParams,
          body: ZEmptyBody,
          response: { 200: ZChecklistTemplate },
          description: 'Brings an archived template back.',
        },
      },
      async (request) => restoreChecklistTemplate(app.db, context(request), request.params.id),
    );
    scoped.delete(
      '/:id',
      {
        schema: {
          tags: ['checklists'],
          params: ZIdParams,
          body: ZEmptyBody,
          description:
            'Archives the template: new tasks cannot get it and schedules create their tasks without it; tasks that have it keep their version.',
        },
      },
      async (request, reply) => {
        await archiveChecklistTemplate(app.db, context(request), request.params.id);
        return reply.code(204).send();
      },
    );
  });
}

/** /api/events/{id}/...: a task's checklist, its answers, its follow-ups and its report (everyone signed in). */
export async function taskChecklistRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest) => checklistContext(app, request);

  app.get(
    '/:id/checklist',
    {
      schema: {
        tags: ['checklists'],
        params: ZIdParams,
        response: { 200: ZTaskChecklist },
        description:
          'The task’s version of its checklist, its answers (with who and when) and its summary; 404 when the task has none.',
      },
    },
    async (request) => getTaskChecklist(app.db, currentUser(request).organizationId, request.params.id),
  );

  app.put(
    '/:id/checklist/steps/:stepKey',
    {
      schema: {
        tags: ['checklists'],
        params: ZStepParams,
        body: ZChecklistAnswerBody,
        response: { 200: ZChecklistResponse },
        description:
          'Answers a step while the task is open: outcome (a check), numberValue (a number: outside its acceptable range it is flagged; outside ±1,000,000,000 refused), textValue (a text, or one of a choice’s options) or file (a photo: JPEG or PNG; a signature: PNG; uploaded with POST /api/uploads/presign first). doneAt: when it was done on the device. 400 naming the step when the answer does not fit it.',
      },
    },
    async (request) =>
      answerStep(app.db, context(request), request.params.id, request.params.stepKey, request.body),
  );

  app.get(
    '/:id/checklist/report.pdf',
    {
      schema: {
        tags: ['checklists'],
        params: ZIdParams,
        description:
          'The completion report as PDF: the asset, the task, every step with its answer, who and when, the photos and the signature; in the reader’s language. A few reports are made at a time: past the organization’s share 429, when the server has no room 503, both with Retry-After.',
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Photos are read and embedded: a report takes a share of the heavy work, as label sheets do (ADR 089).
      await holdTurnUntilAnswered(app.heavyWork, user.organizationId, reply);
      const { pdf, assetSlug } = await makeChecklistReport(
        app.db,
        {
          organizationId: user.organizationId,
          timeZone: user.timeZone,
          language: readerLanguage(user),
          storage: app.storage,
          maxImageBytes: app.config.maxUploadMb * 1024 * 1024,
          now: app.clock.now(),
          onImageError: (error, objectKey) =>
            request.log.warn({ err: error, objectKey }, 'a checklist image could not be read for the report'),
        },
        request.params.id,
      );
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${reportFileName(assetSlug, todayIn(app.clock, user.timeZone))}"`,
        )
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );

  app.post(
    '/:id/follow-ups',
    {
      schema: {
        tags: ['checklists'],
        params: ZIdParams,
        body: ZFollowUpBody,
        response: { 200: ZFollowUp, 201: ZFollowUp },
        description:
          'Opens the follow-up task of a step: a Pending task on the same asset, linked to this task and step, titled "Follow-up: <step>" with notes naming the answer unless title and notes are sent. One per step: asking again answers the one opened (200, created false).',
      },
    },
    async (request, reply) => {
      const followUp = await openFollowUp(app.db, context(request), request.params.id, request.body);
      return reply.code(followUp.created ? 201 : 200).send(followUp);
    },
  );

  await app.register(async (clearing) => {
    const scoped = clearing.withTypeProvider<ZodTypeProvider>();
    acceptEmptyJsonBody(scoped);
    scoped.delete(
      '/:id/checklist/steps/:stepKey',
      {
        schema: {
          tags: ['checklists'],
          params: ZStepParams,
          body: ZEmptyBody,
          description: 'Clears a step’s answer while the task is open (its photo or signature is removed).',
        },
      },
      async (request, reply) => {
        await clearStep(app.db, context(request), request.params.id, request.params.stepKey);
        return reply.code(204).send();
      },
    );
  });
}
