import type { auditLogEntries } from '../db/schema.ts';

type CreatedEntity = { entityType: 'Organization' | 'AppUser'; id: string; name: string };

/** Audit rows for records the system itself created (first start, create-admin): no acting user. */
export function createdBySystem(organizationId: string, entities: CreatedEntity[]) {
  const changes = JSON.stringify({ created: true });
  return entities.map((entity): typeof auditLogEntries.$inferInsert => ({
    organizationId,
    userName: 'system',
    action: 'CREATE',
    entityType: entity.entityType,
    entityId: entity.id,
    entityName: entity.name,
    changes,
  }));
}
