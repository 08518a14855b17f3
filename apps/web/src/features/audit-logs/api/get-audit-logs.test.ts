import { describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { auditEntry } from '../audit-fixtures.ts';
import { getAuditLogs } from './get-audit-logs.ts';

describe('getAuditLogs', () => {
  it('reads the paging headers, defaulting to total 0, page 1 and page size 50', async () => {
    authStore.login(loginResponse(), 'alex@example.com');
    const calls = mockFetch({ '/api/audit-logs/my-activity': () => jsonResponse([auditEntry()]) });
    const page = await getAuditLogs('mine', { entityType: 'Asset', page: 3, pageSize: 20 });
    expect(page).toMatchObject({ total: 0, page: 1, pageSize: 50 });
    expect(page.items).toHaveLength(1);
    expect(calls[0]?.url.search).toBe('?entityType=Asset&page=3&pageSize=20');
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer token-1');
    authStore.logout();
  });
});
