import { AUDIT_MESSAGES, type TAuditLogEntry } from '@mqr/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogEntries } from '#server/db/schema.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import type { FixtureUser } from '#server/test/fixtures.ts';
import { type Role, tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();

// Entity ids of org A's entries, and the one of org B.
const PUMP = '01900000-0000-7000-8000-00000000a001';
const VALVE = '01900000-0000-7000-8000-00000000a002';
const EVENT = '01900000-0000-7000-8000-00000000a003';
const B_ASSET = '01900000-0000-7000-8000-00000000b001';

type Author = 'adminA' | 'memberA' | 'adminB' | 'memberB';
/** Who wrote an entry, what, about which entity, when (ISO). */
type Seed = [
  author: Author,
  action: string,
  entityType: string,
  entityId: string,
  entityName: string,
  at: string,
];

const IPS: Record<Author, string> = {
  adminA: '10.0.0.1',
  memberA: '10.0.0.2',
  adminB: '10.9.9.9',
  memberB: '10.9.9.8',
};

/** Org A: 5 entries by the admin, 3 by the member (two at the same instant); org B: 2 entries. */
const seeds: Seed[] = [
  ['adminA', 'CREATE', 'Asset', PUMP, 'Pump', '2024-03-01T08:00:00.000Z'],
  ['adminA', 'UPDATE', 'Asset', PUMP, 'Pump', '2024-03-02T08:00:00.000Z'],
  ['memberA', 'CREATE', 'MaintenanceEvent', EVENT, 'Oil change', '2024-03-03T08:00:00.000Z'],
  ['memberA', 'START_TASK', 'MaintenanceEvent', EVENT, 'Oil change', '2024-03-04T08:00:00.000Z'],
  ['memberA', 'COMPLETE_TASK', 'MaintenanceEvent', EVENT, 'Oil change', '2024-03-04T08:00:00.000Z'],
  ['adminA', 'CREATE', 'Asset', VALVE, 'Valve', '2024-03-05T08:00:00.000Z'],
  ['adminA', 'UPDATE', 'AppUser', VALVE, 'someone', '2024-03-06T08:00:00.000Z'],
  ['adminA', 'UPDATE', 'Organization', VALVE, 'Org', '2024-03-07T08:00:00.000Z'],
  ['adminB', 'CREATE', 'Asset', B_ASSET, 'B pump', '2024-03-03T09:00:00.000Z'],
  ['memberB', 'UPDATE', 'Asset', B_ASSET, 'B pump', '2024-03-04T09:00:00.000Z'],
];

function authorOf(author: Author): FixtureUser {
  const org = author.endsWith('A') ? t.orgA : t.orgB;
  return author.startsWith('admin') ? org.admin : org.member;
}

beforeAll(async () => {
  for (const [author, action, entityType, entityId, entityName, at] of seeds) {
    const user = authorOf(author);
    await t.db.insert(auditLogEntries).values({
      organizationId: user.organizationId,
      userId: user.id,
      userName: user.displayName,
      action,
      entityType,
      entityId,
      entityName,
      changes: action === 'CREATE' ? '{"created":true}' : '{"changes":{}}',
      ipAddress: IPS[author],
      createdAt: new Date(at),
    });
  }
});

const get = (who: Role, url: string) => t.app.inject({ method: 'GET', url, headers: t.headers[who] });
const names = (response: { json: () => TAuditLogEntry[] }) =>
  response.json().map((e) => `${e.action} ${e.entityName}`);

describe('GET /api/audit-logs', () => {
  it("answers an administrator their organization's entries, newest first, with IP addresses", async () => {
    const response = await get('adminA', '/api/audit-logs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('8');
    expect(response.headers['x-page']).toBe('1');
    expect(response.headers['x-page-size']).toBe('50');
    const entries = response.json() as TAuditLogEntry[];
    expect(entries.map((e) => e.createdAt)).toEqual(
      seeds
        .filter(([author]) => author.endsWith('A'))
        .map((seed) => seed[5])
        .sort()
        .reverse(),
    );
    // Entries at the same instant come by id, newest (highest UUIDv7) first.
    const sameInstant = entries.filter((e) => e.createdAt === '2024-03-04T08:00:00.000Z');
    expect(sameInstant.map((e) => e.action)).toEqual(['COMPLETE_TASK', 'START_TASK']);
    expect(entries[0]).toEqual({
      id: expect.any(String),
      createdAt: '2024-03-07T08:00:00.000Z',
      userName: t.orgA.admin.displayName,
      action: 'UPDATE',
      entityType: 'Organization',
      entityId: VALVE,
      entityName: 'Org',
      changes: '{"changes":{}}',
      ipAddress: '10.0.0.1',
    });
    expect(entries.every((e) => !e.entityName?.startsWith('B '))).toBe(true);
  });

  it('is for administrators: a member gets 403, no token 401', async () => {
    const member = await get('memberA', '/api/audit-logs');
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You do not have permission to do this.',
    });
    // The role is checked before the query.
    expect((await get('memberA', '/api/audit-logs?pageSize=0')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit-logs' })).statusCode).toBe(401);
  });

  it("never shows another organization's entries, even by their entity id", async () => {
    const byB = await get('adminB', '/api/audit-logs');
    expect(names(byB)).toEqual(['UPDATE B pump', 'CREATE B pump']);
    const probe = await get('adminB', `/api/audit-logs?entityId=${PUMP}`);
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toEqual([]);
    expect(probe.headers['x-total-count']).toBe('0');
    const reverse = await get('adminA', `/api/audit-logs?entityId=${B_ASSET}`);
    expect(reverse.json()).toEqual([]);
  });

  it('shows a super administrator their own organization only', async () => {
    const response = await get('superA', '/api/audit-logs?pageSize=200');
    expect(response.headers['x-total-count']).toBe('8');
    expect(names(response)).not.toContain('CREATE B pump');
  });

  it('filters by entity type, entity id and an inclusive date range, totals on the same filter', async () => {
    const assets = await get('adminA', '/api/audit-logs?entityType=Asset');
    expect(names(assets)).toEqual(['CREATE Valve', 'UPDATE Pump', 'CREATE Pump']);
    expect(assets.headers['x-total-count']).toBe('3');

    const pump = await get('adminA', `/api/audit-logs?entityId=${PUMP}`);
    expect(names(pump)).toEqual(['UPDATE Pump', 'CREATE Pump']);

    // Both ends are inclusive.
    const range = await get(
      'adminA',
      '/api/audit-logs?fromDate=2024-03-02T08:00:00.000Z&toDate=2024-03-04T08:00:00.000Z',
    );
    expect(names(range)).toEqual([
      'COMPLETE_TASK Oil change',
      'START_TASK Oil change',
      'CREATE Oil change',
      'UPDATE Pump',
    ]);
    expect(range.headers['x-total-count']).toBe('4');
    // Another offset, same instants; an open end.
    const offset = await get(
      'adminA',
      `/api/audit-logs?fromDate=${encodeURIComponent('2024-03-06T10:00:00+02:00')}`,
    );
    expect(names(offset)).toEqual(['UPDATE Org', 'UPDATE someone']);
    const until = await get('adminA', '/api/audit-logs?toDate=2024-03-01T08:00:00Z');
    expect(names(until)).toEqual(['CREATE Pump']);

    const combined = await get(
      'adminA',
      `/api/audit-logs?entityType=MaintenanceEvent&entityId=${EVENT}&fromDate=2024-03-04T00:00:00Z&pageSize=1&page=2`,
    );
    expect(names(combined)).toEqual(['START_TASK Oil change']);
    expect(combined.headers['x-total-count']).toBe('2');

    // The screen's "All" sends an empty entity type.
    const all = await get('adminA', '/api/audit-logs?entityType=&fromDate=');
    expect(all.headers['x-total-count']).toBe('8');
  });

  it('pages with page and pageSize', async () => {
    const page2 = await get('adminA', '/api/audit-logs?page=2&pageSize=3');
    expect(page2.headers).toMatchObject({ 'x-total-count': '8', 'x-page': '2', 'x-page-size': '3' });
    expect(names(page2)).toEqual(['COMPLETE_TASK Oil change', 'START_TASK Oil change', 'CREATE Oil change']);
    const past = await get('adminA', '/api/audit-logs?page=9&pageSize=3');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('8');
  });

  it('answers 400 with the fields for an invalid query', async () => {
    const cases: [string, string, string?][] = [
      ['entityType=Bogus', 'entityType'],
      ['entityId=not-a-uuid', 'entityId'],
      ['fromDate=yesterday', 'fromDate', 'Use an ISO 8601 date and time.'],
      ['toDate=2024-13-01T00:00:00Z', 'toDate', 'Use an ISO 8601 date and time.'],
      ['fromDate=2024-03-05T00:00:00Z&toDate=2024-03-01T00:00:00Z', 'toDate', AUDIT_MESSAGES.invalidRange],
      ['page=0', 'page'],
      ['pageSize=201', 'pageSize'],
      ['pageSize=abc', 'pageSize'],
    ];
    for (const [query, path, message] of cases) {
      for (const url of [`/api/audit-logs?${query}`, `/api/audit-logs/my-activity?${query}`]) {
        const response = await get('adminA', url);
        expect(response.statusCode, url).toBe(400);
        const body = response.json();
        expect(body.code).toBe('VALIDATION');
        expect(pathsAndMessages(body.fields), url).toContainEqual(
          message ? { path, message } : expect.objectContaining({ path }),
        );
      }
    }
  });
});

describe('GET /api/audit-logs/my-activity', () => {
  it('answers a member only their own entries in their organization, without IP addresses', async () => {
    const response = await get('memberA', '/api/audit-logs/my-activity');
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({ 'x-total-count': '3', 'x-page': '1', 'x-page-size': '50' });
    const entries = response.json() as TAuditLogEntry[];
    expect(names(response)).toEqual([
      'COMPLETE_TASK Oil change',
      'START_TASK Oil change',
      'CREATE Oil change',
    ]);
    expect(entries.every((e) => e.userName === t.orgA.member.displayName)).toBe(true);
    for (const entry of entries) expect(entry).not.toHaveProperty('ipAddress');
  });

  it("gives an administrator their own entries only, not the organization's", async () => {
    const response = await get('adminA', '/api/audit-logs/my-activity?pageSize=2');
    expect(response.headers['x-total-count']).toBe('5');
    expect(names(response)).toEqual(['UPDATE Org', 'UPDATE someone']);
    expect(response.json()[0]).not.toHaveProperty('ipAddress');
  });

  it('applies the same filters', async () => {
    const events = await get(
      'memberA',
      '/api/audit-logs/my-activity?entityType=MaintenanceEvent&toDate=2024-03-03T08:00:00Z',
    );
    expect(names(events)).toEqual(['CREATE Oil change']);
    const notMine = await get('memberA', `/api/audit-logs/my-activity?entityId=${PUMP}`);
    expect(notMine.json()).toEqual([]);
    expect(notMine.headers['x-total-count']).toBe('0');
    const otherOrg = await get('adminB', `/api/audit-logs/my-activity?entityId=${EVENT}`);
    expect(otherOrg.json()).toEqual([]);
  });

  it("lists a super administrator's actions in another organization, which stay in that organization's log", async () => {
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/organizations/${t.orgB.organization.id}`,
      headers: t.headers.superA,
      payload: { name: `${t.orgB.organization.name} renamed` },
    });
    expect(renamed.statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: t.headers.superA,
      payload: {
        email: `b-user-${Date.now()}@example.com`,
        displayName: 'B newcomer',
        password: 'a fine password',
        organizationId: t.orgB.organization.id,
      },
    });
    expect(created.statusCode).toBe(201);

    const mine = await get('superA', '/api/audit-logs/my-activity?pageSize=2');
    expect(mine.json().map((e: TAuditLogEntry) => `${e.action} ${e.entityType} ${e.entityId}`)).toEqual([
      `CREATE AppUser ${created.json().id}`,
      `UPDATE Organization ${t.orgB.organization.id}`,
    ]);
    // Each organization's log keeps what happened to it: B's administrator sees both, A's neither.
    const inB = await get('adminB', `/api/audit-logs?entityId=${created.json().id}`);
    expect(inB.json()).toHaveLength(1);
    const inA = await get('adminA', `/api/audit-logs?entityId=${created.json().id}`);
    expect(inA.json()).toEqual([]);
    // Nobody else's activity gains them.
    const memberB = await get('adminB', `/api/audit-logs/my-activity?entityId=${created.json().id}`);
    expect(memberB.json()).toEqual([]);
  });

  it('needs a sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/audit-logs/my-activity' });
    expect(response.statusCode).toBe(401);
  });

  it("lists a real change the user just made, at the request's IP (kept for administrators only)", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: t.headers.memberA,
      payload: { name: 'Fresh asset', fields: [] },
    });
    expect(created.statusCode).toBe(201);
    const mine = await get('memberA', '/api/audit-logs/my-activity?pageSize=1');
    expect(mine.json()).toEqual([
      {
        id: expect.any(String),
        createdAt: expect.any(String),
        userName: t.orgA.member.displayName,
        action: 'CREATE',
        entityType: 'Asset',
        entityId: created.json().id,
        entityName: 'Fresh asset',
        changes: '{"created":true}',
      },
    ]);
    const admin = await get('adminA', `/api/audit-logs?entityId=${created.json().id}`);
    expect(admin.json()[0].ipAddress).toBe('127.0.0.1');

    // The database keeps microseconds; the createdAt shown (milliseconds) still bounds the entry.
    const at = encodeURIComponent(mine.json()[0].createdAt);
    const exact = await get('memberA', `/api/audit-logs/my-activity?fromDate=${at}&toDate=${at}`);
    expect(exact.json().map((e: TAuditLogEntry) => e.entityId)).toEqual([created.json().id]);
  });
});
