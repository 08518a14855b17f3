import { ZAuditLogEntry, ZAuditLogQuery } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { listAuditLog, listMyActivity } from './service.ts';

const PAGING_DESCRIPTION =
  'Newest first; filters entityType, entityId, fromDate and toDate (ISO 8601, inclusive); headers X-Total-Count, X-Page and X-Page-Size.';

/** /api/audit-logs: the organization's audit log (administrators). */
export async function auditLogRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        tags: ['audit-logs'],
        querystring: ZAuditLogQuery,
        response: { 200: z.array(ZAuditLogEntry) },
        description: `The organization's audit log, with client IP addresses (administrators). ${PAGING_DESCRIPTION}`,
      },
    },
    async (request, reply) => {
      const { query } = request;
      const { items, total } = await listAuditLog(app.db, currentUser(request).organizationId, query);
      setPagingHeaders(reply, { total, page: query.page, pageSize: query.pageSize });
      return items;
    },
  );
}

/** /api/audit-logs/my-activity: everyone's own activity. */
export async function myActivityRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        tags: ['audit-logs'],
        querystring: ZAuditLogQuery,
        response: { 200: z.array(ZAuditLogEntry.omit({ ipAddress: true })) },
        description: `The signed-in user's own entries in their organization, without IP addresses. ${PAGING_DESCRIPTION}`,
      },
    },
    async (request, reply) => {
      const { query } = request;
      const { items, total } = await listMyActivity(app.db, currentUser(request), query);
      setPagingHeaders(reply, { total, page: query.page, pageSize: query.pageSize });
      return items;
    },
  );
}
