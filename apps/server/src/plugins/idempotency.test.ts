import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_REPLAYED_HEADER,
  IDEMPOTENCY_SECRET_REPLAY_MINUTES,
} from '@mqr/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  auditLogEntries,
  idempotencyKeys,
  importRuns,
  maintenanceEvents,
  pendingUploads,
} from '#server/db/schema.ts';
import {
  deleteExpiredIdempotencyKeys,
  eraseShownIdempotentSecrets,
  IDEMPOTENCY_CLEANUP_QUEUE,
} from '#server/modules/idempotency/jobs.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { multipart } from '#server/test/multipart-body.ts';
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

  it('creates one event when the same key arrives several times at once: each waits for the first answer', async () => {
    const asset = await newAsset();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postEvent(t.headers.memberA, asset.id, key, { title: 'Belt' })),
    );
    const events = await eventsOf(asset.id);
    expect(events).toHaveLength(1);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toEqual(answers[0]!.json());
      expect(answer.headers['retry-after']).toBeUndefined();
    }
    expect(answers[0]!.json().id).toBe(events[0]!.id);
    // One answer is the first request's own; every other one is its replay.
    const replayed = answers.filter((answer) => answer.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]);
    expect(replayed).toHaveLength(answers.length - 1);
  });

  it('answers a completion sent twice at once with its first answer, not a conflict', async () => {
    const asset = await newAsset();
    const event = (await postEvent(t.headers.memberA, asset.id, undefined, { title: 'Filter' })).json();
    const key = newKey();
    const complete = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/assets/${asset.id}/events/${event.id}/complete`,
        headers: { ...t.headers.memberA, [IDEMPOTENCY_HEADER]: key },
        payload: {},
      });
    const answers = await Promise.all([complete(), complete(), complete()]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual(answers[0]!.json());
    }
    const completions = await t.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.entityId, event.id), eq(auditLogEntries.action, 'COMPLETE_TASK')));
    expect(completions).toHaveLength(1);
  });

  it('refuses the key sent at once with another request (422), and keeps the first request’s change', async () => {
    const asset = await newAsset();
    const key = newKey();
    const [one, two] = await Promise.all([
      postEvent(t.headers.memberA, asset.id, key, { title: 'One' }),
      postEvent(t.headers.memberA, asset.id, key, { title: 'Two' }),
    ]);
    const statuses = [one!.statusCode, two!.statusCode].sort();
    expect(statuses).toEqual([201, 422]);
    const refused = one!.statusCode === 422 ? one! : two!;
    expect(refused.json()).toMatchObject({ code: 'KEY_REUSED', message: IDEMPOTENCY_MESSAGES.reused });
    expect(await eventsOf(asset.id)).toHaveLength(1);
  });

  it('refuses the key with a different request (422) and writes nothing', async () => {
    const asset = await newAsset();
    const key = newKey();
    expect((await postEvent(t.headers.memberA, asset.id, key, { title: 'One' })).statusCode).toBe(201);
    const reused = await postEvent(t.headers.memberA, asset.id, key, { title: 'Two' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'KEY_REUSED', message: IDEMPOTENCY_MESSAGES.reused });
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
    expect(repeat.json()).toMatchObject({ code: 'ALREADY_DONE', message: IDEMPOTENCY_MESSAGES.answerLost });
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

  it('fingerprints a multipart upload by its content: another file of the same length with the key answers 422', async () => {
    const key = newKey();
    const upload = (csv: string, boundary?: string) => {
      const form = multipart(
        [{ name: 'file', fileName: 'assets.csv', contentType: 'text/csv', data: csv }],
        boundary,
      );
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/imports',
        headers: { ...t.headers.adminA, [IDEMPOTENCY_HEADER]: key, 'content-type': form.contentType },
        payload: form.payload,
      });
    };
    const first = await upload('Name\nPump A\n');
    expect(first.statusCode, first.body).toBe(201);
    // Another file, byte for byte as long, under the same key: refused, the first import stays alone.
    const other = await upload('Name\nPump B\n');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'KEY_REUSED', message: IDEMPOTENCY_MESSAGES.reused });
    // The same form sent again, with the new boundary a browser picks: the first answer.
    const again = await upload('Name\nPump A\n', '----another-boundary-9a1c');
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());
    const runs = await t.db
      .select()
      .from(importRuns)
      .where(eq(importRuns.organizationId, t.orgA.organization.id));
    expect(runs.map((run) => run.id)).toEqual([first.json().id]);
  });

  it('keeps an answer that holds a secret sealed, replays it for minutes, then says it was shown once', async () => {
    const key = newKey();
    const createFeed = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/calendar/feed',
        headers: { ...t.headers.memberB, [IDEMPOTENCY_HEADER]: key },
      });
    const first = await createFeed();
    expect(first.statusCode, first.body).toBe(201);
    const feedToken = new URL(first.json().url).pathname.split('/').pop()!.replace('.ics', '');
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row!.body).not.toContain(feedToken);
    expect(row!.secretUntil!.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(
      (IDEMPOTENCY_SECRET_REPLAY_MINUTES - 1) * 60_000,
    );
    expect(row!.secretUntil!.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(
      (IDEMPOTENCY_SECRET_REPLAY_MINUTES + 1) * 60_000,
    );
    // Within the replay time: the first answer, secret and all.
    const again = await createFeed();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());

    // Past it: the change is not made again, and its secret is not shown again.
    await t.db
      .update(idempotencyKeys)
      .set({ secretUntil: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, key));
    const late = await createFeed();
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ALREADY_DONE', message: IDEMPOTENCY_MESSAGES.secretShown });
    const status = await t.app.inject({ url: '/api/calendar/feed', headers: t.headers.memberB });
    expect(status.json()).toEqual({ active: true, createdAt: first.json().createdAt });
    expect((await t.app.inject({ url: new URL(first.json().url).pathname })).statusCode).toBe(200);

    // The cleanup job erases the sealed answer; the key stays, so a repeat still makes nothing.
    expect(await eraseShownIdempotentSecrets(t.db)).toBeGreaterThanOrEqual(1);
    const [erased] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(erased).toMatchObject({ body: null, statusCode: 201 });
    expect((await createFeed()).json()).toMatchObject({
      code: 'ALREADY_DONE',
      message: IDEMPOTENCY_MESSAGES.secretShown,
    });
  });

  it('covers every signed-in write route: each refuses a malformed key before reading its body', async () => {
    const writes = t.app
      .routeAccess()
      .filter((route) => route.access !== undefined && route.access !== 'public')
      .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));
    expect(writes.length).toBeGreaterThan(40);
    const uncovered: string[] = [];
    for (const route of writes) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: route.url.replace(/:[A-Za-z]+/g, '01900000-0000-7000-8000-000000000000'),
        headers: { ...t.headers.superA, [IDEMPOTENCY_HEADER]: 'not a key' },
        payload: {},
      });
      if (response.statusCode !== 400 || response.json().message !== IDEMPOTENCY_MESSAGES.invalidKey) {
        uncovered.push(
          `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 120)}`,
        );
      }
    }
    expect(uncovered).toEqual([]);
    // An answer with a secret's field is kept sealed and replayed for minutes only (ADR 086).
    const unmarked = writes
      .filter((route) => Object.values(route.options.schema?.response ?? {}).some(hasSecretField))
      .filter((route) => !route.options.config?.answerHoldsSecret)
      .map((route) => `${route.method} ${route.url}`);
    expect(unmarked).toEqual([]);
  });
});

/** An object schema with a text field named like a secret (`secret`, `accessToken`...). */
function hasSecretField(schema: unknown): boolean {
  if (!(schema instanceof z.ZodObject)) return false;
  return Object.entries(schema.shape as Record<string, z.ZodType>).some(([key, field]) => {
    const text = field instanceof z.ZodOptional ? field.unwrap() : field;
    return /secret|token$/i.test(key) && text instanceof z.ZodString;
  });
}
