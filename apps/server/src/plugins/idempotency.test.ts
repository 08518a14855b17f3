import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES, IDEMPOTENCY_REPLAYED_HEADER } from '@mqr/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogEntries, idempotencyKeys, maintenanceEvents, pendingUploads } from '#server/db/schema.ts';
import { deleteExpiredIdempotencyKeys, IDEMPOTENCY_CLEANUP_QUEUE } from '#server/modules/idempotency/jobs.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { type AuthHeaders, tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();

let keyCount = 0;
const newKey = () => `key-${Date.now()}-${++keyCount}`;

const postEvent = (headers: AuthHeaders, assetId: string, key: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/assets/${assetId}/events`,
    headers: { ...headers, ...(key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key }) },
    payload,
  });

const eventsOf = async (assetId: string) =>
  t.db.select().from(maintenanceEvents).where(eq(maintenanceEvents.assetId, assetId));

async function newAsset(headers: AuthHeaders = t.headers.memberA) {
  return createAssetViaApi(t.app, headers, { name: `Pump ${newKey()}` });
}

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer and creates one event, one audit entry', async () => {
    const asset = await newAsset();
    const key = newKey();
    const first = await postEvent(t.headers.memberA, asset.id, key, { title: 'Oil change' });
    expect(first.statusCode).toBe(201);
    expect(first.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    const again = await postEvent(t.headers.memberA, asset.id, key, { title: 'Oil change' });
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(again.json()).toEqual(first.json());
    const events = await eventsOf(asset.id);
    expect(events).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.entityId, events[0]!.id), eq(auditLogEntries.action, 'CREATE')));
    expect(audits).toHaveLength(1);
    // Without a key, the same request is a new event.
    expect(
      (await postEvent(t.headers.memberA, asset.id, undefined, { title: 'Oil change' })).statusCode,
    ).toBe(201);
    expect(await eventsOf(asset.id)).toHaveLength(2);
  });

  it('creates one event when the same key arrives several times at once', async () => {
    const asset = await newAsset();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postEvent(t.headers.memberA, asset.id, key, { title: 'Belt' })),
    );
    const events = await eventsOf(asset.id);
    expect(events).toHaveLength(1);
    for (const answer of answers) {
      if (answer.statusCode === 201) expect(answer.json().id).toBe(events[0]!.id);
      else {
        expect(answer.statusCode).toBe(409);
        expect(answer.json()).toMatchObject({
          code: 'IN_PROGRESS',
          message: IDEMPOTENCY_MESSAGES.inProgress,
        });
        expect(answer.headers['retry-after']).toBe('1');
      }
    }
    expect(answers.some((answer) => answer.statusCode === 201)).toBe(true);
    // A retry after the race gets the first answer.
    const retry = await postEvent(t.headers.memberA, asset.id, key, { title: 'Belt' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(events[0]!.id);
  });

  it('refuses the key with a different request (422) and writes nothing', async () => {
    const asset = await newAsset();
    const key = newKey();
    expect((await postEvent(t.headers.memberA, asset.id, key, { title: 'One' })).statusCode).toBe(201);
    const reused = await postEvent(t.headers.memberA, asset.id, key, { title: 'Two' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ code: 'KEY_REUSED', message: IDEMPOTENCY_MESSAGES.reused });
    const other = await newAsset();
    expect((await postEvent(t.headers.memberA, other.id, key, { title: 'One' })).statusCode).toBe(422);
    expect(await eventsOf(asset.id)).toHaveLength(1);
    expect(await eventsOf(other.id)).toHaveLength(0);
  });

  it('keeps keys per user and per organization', async () => {
    const assetA = await newAsset();
    const assetB = await newAsset(t.headers.memberB);
    const key = newKey();
    const member = await postEvent(t.headers.memberA, assetA.id, key, { title: 'Check' });
    const admin = await postEvent(t.headers.adminA, assetA.id, key, { title: 'Check' });
    expect(member.statusCode).toBe(201);
    expect(admin.statusCode).toBe(201);
    expect(admin.json().id).not.toBe(member.json().id);
    expect(admin.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    // Organization B cannot replay A's answer: A's asset is not found for B.
    const fromB = await postEvent(t.headers.memberB, assetA.id, key, { title: 'Check' });
    expect(fromB.statusCode).toBe(404);
    expect(fromB.body).not.toContain(member.json().id);
    expect((await postEvent(t.headers.memberB, assetB.id, key, { title: 'Check' })).statusCode).toBe(201);
    expect(await eventsOf(assetA.id)).toHaveLength(2);
    expect(await eventsOf(assetB.id)).toHaveLength(1);
  });

  it('answers a repeated completion with its first answer rather than a conflict', async () => {
    const asset = await newAsset();
    const event = (await postEvent(t.headers.memberA, asset.id, undefined, { title: 'Valve' })).json();
    const complete = (key: string | undefined) =>
      t.app.inject({
        method: 'POST',
        url: `/api/assets/${asset.id}/events/${event.id}/complete`,
        headers: { ...t.headers.memberA, ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) },
        payload: {},
      });
    const key = newKey();
    const first = await complete(key);
    expect(first.statusCode).toBe(200);
    const repeat = await complete(key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    // A new key is a new request: the task is already completed.
    const other = await complete(newKey());
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('CONFLICT');
  });

  it('keeps no key for a request that changed nothing: fixed and sent again, it runs', async () => {
    const asset = await newAsset();
    const key = newKey();
    const refused = await postEvent(t.headers.memberA, asset.id, key, { title: '' });
    expect(refused.statusCode).toBe(400);
    const missing = await postEvent(t.headers.memberA, '01900000-0000-7000-8000-000000000000', key, {
      title: 'x',
    });
    expect(missing.statusCode).toBe(404);
    const rows = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows).toHaveLength(0);
    expect((await postEvent(t.headers.memberA, asset.id, key, { title: 'Fixed' })).statusCode).toBe(201);
  });

  it('refuses a malformed key with 400 and writes nothing', async () => {
    const asset = await newAsset();
    for (const key of ['', 'a b', 'x'.repeat(256), 'clé']) {
      const answer = await postEvent(t.headers.memberA, asset.id, key, { title: 'Bad key' });
      expect(answer.statusCode, key).toBe(400);
      expect(answer.json().message).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
    }
    expect(await eventsOf(asset.id)).toHaveLength(0);
  });

  it('answers a repeated presign with the same upload and keeps one pending upload', async () => {
    const key = newKey();
    const presign = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads/presign',
        headers: { ...t.headers.memberA, [IDEMPOTENCY_HEADER]: key },
        payload: { fileName: 'photo.jpg', contentType: 'image/jpeg' },
      });
    const first = await presign();
    const again = await presign();
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await t.db
      .select()
      .from(pendingUploads)
      .where(eq(pendingUploads.objectKey, first.json().objectKey));
    expect(rows).toHaveLength(1);
    const mine = await t.db
      .select()
      .from(pendingUploads)
      .where(and(eq(pendingUploads.userId, t.orgA.member.id), eq(pendingUploads.fileName, 'photo.jpg')));
    expect(mine).toHaveLength(1);
  });

  it('answers ALREADY_DONE for a key whose change committed but whose answer was lost', async () => {
    const key = newKey();
    const asset = await newAsset();
    const payload = { title: 'Lost' };
    expect((await postEvent(t.headers.memberA, asset.id, key, payload)).statusCode).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ statusCode: null, body: null, createdAt: new Date(Date.now() - 60_000) })
      .where(eq(idempotencyKeys.key, key));
    const repeat = await postEvent(t.headers.memberA, asset.id, key, payload);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({ code: 'ALREADY_DONE', message: IDEMPOTENCY_MESSAGES.answerLost });
    expect(await eventsOf(asset.id)).toHaveLength(1);
  });

  it('deletes expired keys in a recurring background job; an expired key is new again', async () => {
    const asset = await newAsset();
    const expired = newKey();
    const fresh = newKey();
    expect((await postEvent(t.headers.memberA, asset.id, expired, { title: 'A' })).statusCode).toBe(201);
    expect((await postEvent(t.headers.memberA, asset.id, fresh, { title: 'B' })).statusCode).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, expired));
    // Expired: the same request runs again.
    expect(
      (await postEvent(t.headers.memberA, asset.id, expired, { title: 'A' })).headers,
    ).not.toHaveProperty(IDEMPOTENCY_REPLAYED_HEADER.toLowerCase());
    expect(await eventsOf(asset.id)).toHaveLength(3);
    await t.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, expired));
    expect(await deleteExpiredIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((row) => row.key)).toContain(fresh);
    expect(left.map((row) => row.key)).not.toContain(expired);
    // The runner keeps one job of the cleanup queue waiting (or running).
    const queued = (await t.db.execute(
      sql`select state from jobs where queue = ${IDEMPOTENCY_CLEANUP_QUEUE} and state in ('queued', 'running')`,
    )) as unknown as { rows: { state: string }[] };
    expect(queued.rows).toHaveLength(1);
  });
});
