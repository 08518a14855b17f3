import type { TAuditLogEntry } from '@mqr/contracts';
import { jsonResponse } from '#web/test/fixtures.ts';

let sequence = 0;

export function auditEntry(overrides: Partial<TAuditLogEntry> = {}): TAuditLogEntry {
  sequence += 1;
  return {
    id: `entry-${sequence}`,
    createdAt: '2026-05-01T09:30:00.000Z',
    userName: 'Alex Admin',
    action: 'CREATE',
    entityType: 'Asset',
    entityId: `asset-${sequence}`,
    entityName: 'Boiler',
    changes: '{"created":true}',
    ...overrides,
  };
}

/** An audit list answer with its paging headers. */
export function auditPage(entries: TAuditLogEntry[], total = entries.length, page = 1, pageSize = 50) {
  return jsonResponse(entries, 200, {
    'X-Total-Count': String(total),
    'X-Page': String(page),
    'X-Page-Size': String(pageSize),
  });
}
