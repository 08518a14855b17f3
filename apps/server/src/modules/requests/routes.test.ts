import { startTestSmtp, type TestSmtp } from '@mqr/smtp-testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogEntries,
  files,
  maintenanceEvents,
  requests,
  usedReportChallenges,
  webhookDeliveries,
} from '#server/db/schema.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import type { Part } from '#server/test/multipart-body.ts';
import { createTenants, type Tenants } from '#server/test/tenant-world.ts';
import { composeDailyDigests } from '../reminders/index.ts';
import { PNG, photoPart, reportForm } from './report-fixtures.ts';
import { PUBLIC_WRITES_AT_ONCE, PUBLIC_WRITES_PER_ORGANIZATION } from './requests-plugin.ts';

const FROM = 'reminders@example.com';

describe('requests from the QR code', () => {
  let smtp: TestSmtp;
  let t: TestApp & Tenants;
  let org: string;
  let asset: { id: string; slug: string; name: string };
  let other: { id: string; slug: string };

  const base = () => `/public/orgs/${org}/assets/${asset.slug}`;

  let form: ReturnType<typeof reportForm>;
  const solved = (path = base()) => form.solved(path);
  const report = (
    fields: Record<string, string>,
    options: { photos?: Part[]; ip?: string; key?: string; path?: string; language?: string } = {},
  ) => form.report(options.path ?? base(), fields, options);

  const requestRows = () => t.db.select().from(requests).where(eq(requests.organizationId, org));
  const photo = photoPart;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const app = await buildTestApp(
      { smtpUrl: smtp.url, smtpFrom: FROM, webhooksAllowPrivateAddresses: true },
      { dailyDigest: false },
    );
    t = Object.assign(app, await createTenants(app));
    org = t.orgA.organization.id;
    form = reportForm(t.app);
    asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Boiler' });
    other = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Pump' });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: t.headers.adminA,
      payload: { url: 'https://hooks.example.com/requests', events: ['request.created', 'request.closed'] },
    });
    expect(hook.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('offers the form on the public page, with nothing being handled yet', async () => {
    const page = await t.app.inject({ method: 'GET', url: base() });
    expect(page.json().reporting).toEqual({ enabled: true, handling: null });
  });

  let token: string;
  let requestId: string;

  it('takes an unsafe report with a photo: 201 with the token, the status, the staff list, the webhook, the emails', async () => {
    const response = await report(
      {
        description: 'Water leaks under the boiler <script>alert(1)</script>',
        urgency: 'unsafe',
        name: 'Cleo',
        email: 'cleo@example.com',
        website: '',
        altcha: await solved(),
      },
      { photos: [photo()], language: 'de-DE,de;q=0.9' },
    );
    expect(response.statusCode).toBe(201);
    ({ token } = response.json());
    expect(response.json().statusUrl).toBe(`/r/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await requestRows();
    requestId = row!.id;
    expect(row).toMatchObject({ urgency: 'unsafe', priority: 1, reporterLanguage: 'de', state: 'new' });
    // Stored hashed, never as it was.
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const status = await t.app.inject({ method: 'GET', url: `/public/requests/${token}` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ assetName: 'Boiler', urgency: 'unsafe', state: 'new' });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/requests?state=new',
      headers: t.headers.memberA,
    });
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: requestId,
        photoCount: 1,
        hasEmail: true,
        reporterName: 'Cleo',
        urgency: 'unsafe',
      }),
    ]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/requests/${requestId}`,
      headers: t.headers.memberA,
    });
    const photoUrl = detail.json().photos[0].url;
    // The list's thumbnail: its first photo.
    expect(list.json().items[0].firstPhotoId).toBe(detail.json().photos[0].id);
    expect(photoUrl).toBe(`/api/requests/${requestId}/photos/${list.json().items[0].firstPhotoId}`);
    const image = await t.app.inject({ method: 'GET', url: photoUrl, headers: t.headers.memberA });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/requests/waiting-count', headers: t.headers.memberA })
      ).json(),
    ).toEqual({ count: 1, unsafe: 1 });

    const deliveries = await t.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.organizationId, org), eq(webhookDeliveries.eventType, 'request.created')),
      );
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(deliveries[0]!.body).data).toMatchObject({
      requestId,
      urgency: 'unsafe',
      photoCount: 1,
    });
    const audit = await t.db.select().from(auditLogEntries).where(eq(auditLogEntries.entityId, requestId));
    expect(audit.map((entry) => [entry.action, entry.entityType])).toEqual([['CREATE', 'Request']]);

    // The reporter's receipt in German, and the administrators' alert of an unsafe report.
    // The receipt, and the alert to whoever triages: the administrator, Root and the member.
    await smtp.waitFor(4);
    const [receipt] = smtp.textsTo('cleo@example.com');
    expect(receipt).toContain('Boiler');
    expect(receipt).toContain(`/r/${token}`);
    const cleoMail = smtp.received.find((message) => message.to.includes('cleo@example.com'))!.mail;
    expect(cleoMail.subject).toMatch(/Boiler/);
    expect(cleoMail.subject).not.toMatch(/^Your report/);
    // What the reporter wrote is never markup.
    expect(String(cleoMail.html)).not.toContain('<script>');
    expect(String(cleoMail.html)).toContain('&lt;script&gt;');
    expect(smtp.textsTo(t.orgA.admin.email).join('\n')).toContain('Water leaks under the boiler');
    expect(smtp.textsTo(t.orgA.member.email).join('\n')).toContain('Water leaks under the boiler');
  });

  it('says on the public page that it is being handled; "me too" counts once per address', async () => {
    const page = await t.app.inject({ method: 'GET', url: base() });
    expect(page.json().reporting.handling).toMatchObject({ requestId, meTooCount: 0 });
    const meToo = async (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `${base()}/reports/${requestId}/me-too`,
        remoteAddress: ip,
        payload: { altcha: await solved() },
      });
    expect((await meToo('198.51.100.20')).json()).toEqual({ meTooCount: 1 });
    expect((await meToo('198.51.100.20')).json()).toEqual({ meTooCount: 1 });
    expect((await meToo('198.51.100.21')).json()).toEqual({ meTooCount: 2 });
    // On another asset's path the report is not there.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/public/orgs/${org}/assets/${other.slug}/reports/${requestId}/me-too`,
      remoteAddress: '198.51.100.22',
      payload: { altcha: await solved(`/public/orgs/${org}/assets/${other.slug}`) },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('keeps a used challenge until it expires, and removes the expired ones once a minute, not on every report', async () => {
    const guards = t.app.requests.guards;
    const used = async () => (await t.db.select().from(usedReportChallenges)).map((row) => row.signatureHash);
    const start = new Date(Date.now() + 30 * 60_000);
    await guards.verify(t.db, await solved(), start);
    // An expired one, as a challenge used long ago leaves it.
    await t.db
      .insert(usedReportChallenges)
      .values({ signatureHash: 'expired', expiresAt: new Date(start.getTime() - 1000) });
    await guards.verify(t.db, await solved(), new Date(start.getTime() + 1000));
    expect(await used()).toContain('expired');
    await guards.verify(t.db, await solved(), new Date(start.getTime() + 61_000));
    expect(await used()).not.toContain('expired');
    // A challenge used twice is refused, swept or not.
    const altcha = await solved();
    await guards.verify(t.db, altcha, new Date(start.getTime() + 62_000));
    await expect(guards.verify(t.db, altcha, new Date(start.getTime() + 63_000))).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });

  it('refuses a replayed challenge, a filled honeypot, a file that is not an image: 400 with the field, nothing written', async () => {
    const before = (await requestRows()).length;
    const altcha = await solved();
    const first = await report(
      { description: 'Light broken', urgency: 'works', altcha },
      { ip: '198.51.100.30' },
    );
    expect(first.statusCode).toBe(201);
    const replayed = await report(
      { description: 'Light broken again', urgency: 'works', altcha },
      { ip: '198.51.100.30' },
    );
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().fields[0].path).toBe('altcha');

    const honeypot = await report(
      { description: 'Buy now', urgency: 'works', website: 'https://spam.example', altcha: await solved() },
      { ip: '198.51.100.31' },
    );
    expect(honeypot.statusCode).toBe(400);
    expect(honeypot.json().fields[0].path).toBe('website');

    const notImage = await report(
      { description: 'See the file', urgency: 'works', altcha: await solved() },
      { ip: '198.51.100.32', photos: [photo(Buffer.from('<html><script>x</script></html>'))] },
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().fields[0].path).toBe('photos');

    const noChallenge = await report({ description: 'No check', urgency: 'works' }, { ip: '198.51.100.33' });
    expect(noChallenge.statusCode).toBe(400);
    expect(noChallenge.json().fields[0].path).toBe('altcha');
    expect((await requestRows()).length).toBe(before + 1);
  });

  it('makes one report of a retried Idempotency-Key, with the same token', async () => {
    const before = (await requestRows()).length;
    const fields = { description: 'Door does not close', urgency: 'works_badly', altcha: await solved() };
    const first = await report(fields, { ip: '198.51.100.40', key: 'offline-outbox-1' });
    // Retried from another address (the phone changed network), with a challenge already spent.
    const again = await report(fields, { ip: '198.51.100.41', key: 'offline-outbox-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().token).toBe(first.json().token);
    expect((await requestRows()).length).toBe(before + 1);
  });

  /** Public writes held busy until released, as `organizationIds` would hold them. */
  function holdPublicWrites(organizationIds: string[]) {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const busy = organizationIds.map((id) => t.app.requests.publicWrites.run(id, () => held));
    return { release, finished: Promise.all(busy) };
  }
  const someOrganizations = (count: number) => Array.from({ length: count }, () => crypto.randomUUID());

  it('writes a report in its turn when the public writes are all busy, its form read first', async () => {
    const { publicWrites } = t.app.requests;
    // Every slot busy, with writes of other organizations that last until released.
    const busy = holdPublicWrites(someOrganizations(PUBLIC_WRITES_AT_ONCE));
    const fields = { description: 'Fan rattles', urgency: 'works_badly', altcha: await solved() };
    const answer = report(fields, { ip: '198.51.100.45' });
    await expect.poll(() => publicWrites.load().waiting).toBe(1);
    // The form is read before a slot is taken: a bad one is answered at once, the slots still busy.
    const incomplete = await report({ urgency: 'works', altcha: await solved() }, { ip: '198.51.100.46' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields[0].path).toBe('description');
    expect(publicWrites.load().waiting).toBe(1);
    const before = (await requestRows()).length;
    busy.release();
    await busy.finished;
    expect((await answer).statusCode).toBe(201);
    expect(publicWrites.load()).toEqual({ running: 0, waiting: 0, organization: 0 });
    expect((await requestRows()).length).toBe(before + 1);
  });

  it('writes a report at once while another organization floods the public writes (ADR 153)', async () => {
    const { publicWrites } = t.app.requests;
    const [flooding] = someOrganizations(1) as [string];
    // Many more writes of one organization than the instance has slots: they hold its share only.
    const flood = holdPublicWrites(Array.from({ length: 3 * PUBLIC_WRITES_AT_ONCE }, () => flooding));
    await expect.poll(() => publicWrites.load().running).toBe(PUBLIC_WRITES_PER_ORGANIZATION);
    const fields = { description: 'Light flickers', urgency: 'works_badly', altcha: await solved() };
    const answer = await report(fields, { ip: '198.51.100.47' });
    expect(answer.statusCode).toBe(201);
    expect(publicWrites.load(flooding).organization).toBe(3 * PUBLIC_WRITES_AT_ONCE);
    flood.release();
    await flood.finished;
    expect(publicWrites.load(flooding)).toEqual({ running: 0, waiting: 0, organization: 0 });
  });

  it('limits reports per address and per asset: 429 with Retry-After, nothing written', async () => {
    const throttle = t.app.requests.guards.throttle;
    const saved = throttle.limits;
    throttle.limits = { maxFailuresPerIp: 2, maxFailuresPerEmail: 3, windowMs: 60_000 };
    try {
      const send = async (ip: string, path = base()) =>
        report({ description: 'Flood', urgency: 'works', altcha: await solved(path) }, { ip, path });
      expect((await send('203.0.113.1')).statusCode).toBe(201);
      expect((await send('203.0.113.1')).statusCode).toBe(201);
      const before = (await requestRows()).length;
      const refused = await send('203.0.113.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await requestRows()).length).toBe(before);
      // Per asset: a third address makes the fourth report of the asset.
      expect((await send('203.0.113.2')).statusCode).toBe(201);
      expect((await send('203.0.113.3')).statusCode).toBe(429);
      // Another asset has its own count.
      expect((await send('203.0.113.3', `/public/orgs/${org}/assets/${other.slug}`)).statusCode).toBe(201);
    } finally {
      throttle.limits = saved;
    }
  });

  it('answers one 404 for an unknown asset, an unknown token, and an asset whose reporting is off', async () => {
    const unknownAsset = await t.app.inject({
      method: 'GET',
      url: `/public/orgs/${org}/assets/nope-123/report-challenge`,
    });
    expect(unknownAsset.statusCode).toBe(404);
    const unknownToken = await t.app.inject({ method: 'GET', url: `/public/requests/${'A'.repeat(43)}` });
    expect(unknownToken.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: '/public/requests/short' });
    expect(malformed.statusCode).toBe(404);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/assets/${other.id}`,
      headers: t.headers.adminA,
      payload: { name: 'Pump', reportingEnabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().reportingEnabled).toBe(false);
    const otherBase = `/public/orgs/${org}/assets/${other.slug}`;
    expect((await t.app.inject({ method: 'GET', url: `${otherBase}/report-challenge` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: otherBase })).json().reporting).toEqual({
      enabled: false,
      handling: null,
    });
    expect(unknownAsset.json().message).toBe(
      (await t.app.inject({ method: 'GET', url: `${otherBase}/report-challenge` })).json().message,
    );
  });

  it('keeps every staff route to its organization: another organization’s id answers 404', async () => {
    const b = t.headers.adminB;
    const routes: [string, string, object?][] = [
      ['GET', `/api/requests/${requestId}`],
      ['POST', `/api/requests/${requestId}/accept`, {}],
      ['POST', `/api/requests/${requestId}/merge`, { taskId: requestId }],
      ['POST', `/api/requests/${requestId}/close`, { reason: 'duplicate' }],
    ];
    for (const [method, url, payload] of routes) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: b,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, url).toBe(404);
    }
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/requests/${requestId}`,
      headers: t.headers.adminA,
    });
    const photoPath = detail.json().photos[0].url;
    expect((await t.app.inject({ method: 'GET', url: photoPath, headers: b })).statusCode).toBe(404);
    const listB = await t.app.inject({ method: 'GET', url: '/api/requests', headers: b });
    expect(listB.json().items).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/requests/waiting-count', headers: b })).json(),
    ).toEqual({
      count: 0,
      unsafe: 0,
    });
    // Merging A's request into a task of B: that task is not found.
    const assetB = await createAssetViaApi(t.app, b, { name: 'B boiler' });
    const taskB = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${assetB.id}/events`,
      headers: b,
      payload: { title: 'B task', fields: [], files: [] },
    });
    const merge = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${requestId}/merge`,
      headers: t.headers.adminA,
      payload: { taskId: taskB.json().id },
    });
    expect(merge.statusCode).toBe(404);
  });

  it('pages the list by cursor, unsafe first then newest, and filters it', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/requests?limit=2',
      headers: t.headers.memberA,
    });
    const page1 = first.json();
    expect(page1.items).toHaveLength(2);
    expect(page1.items[0].urgency).toBe('unsafe');
    const all: string[] = page1.items.map((item: { id: string }) => item.id);
    let cursor = page1.nextCursor;
    while (cursor) {
      const next = (
        await t.app.inject({
          method: 'GET',
          url: `/api/requests?limit=2&cursor=${cursor}`,
          headers: t.headers.memberA,
        })
      ).json();
      all.push(...next.items.map((item: { id: string }) => item.id));
      cursor = next.nextCursor;
    }
    expect(new Set(all).size).toBe((await requestRows()).length);
    // One urgency, newest first, page by page.
    const works: string[] = [];
    let after: string | null = '';
    while (after !== null) {
      const next: { items: { createdAt: string }[]; nextCursor: string | null } = (
        await t.app.inject({
          method: 'GET',
          url: `/api/requests?urgency=works&limit=1${after ? `&cursor=${after}` : ''}`,
          headers: t.headers.memberA,
        })
      ).json();
      works.push(...next.items.map((item: { createdAt: string }) => item.createdAt));
      after = next.nextCursor;
    }
    expect(works).toHaveLength((await requestRows()).filter((row) => row.urgency === 'works').length);
    expect([...works].sort().reverse()).toEqual(works);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/requests?cursor=nonsense',
      headers: t.headers.memberA,
    });
    expect(bad.statusCode).toBe(400);
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/requests?q=door',
      headers: t.headers.memberA,
    });
    expect(search.json().items.map((item: { description: string }) => item.description)).toEqual([
      'Door does not close',
    ]);
  });

  it('accepts into a Pending task with the photo; completing the task makes it done and tells the reporter', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${requestId}/accept`,
      headers: t.headers.memberA,
      payload: { assigneeId: t.orgB.member.id },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields[0].path).toBe('assigneeId');
    expect((await t.db.select().from(requests).where(eq(requests.id, requestId)))[0]!.state).toBe('new');
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${requestId}/accept`,
      headers: t.headers.memberA,
      payload: { assigneeId: t.orgA.member.id },
    });
    expect(accepted.statusCode).toBe(200);
    const { taskId } = accepted.json();
    expect(accepted.json().request).toMatchObject({ state: 'accepted', taskId });
    const [task] = await t.db.select().from(maintenanceEvents).where(eq(maintenanceEvents.id, taskId));
    expect(task).toMatchObject({ taskStatus: 'Pending', assetId: asset.id, assigneeId: t.orgA.member.id });
    expect(await t.db.select().from(files).where(eq(files.eventId, taskId))).toHaveLength(1);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${requestId}/accept`,
      headers: t.headers.memberA,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: `/public/requests/${token}` })).json()).toMatchObject({
      state: 'accepted',
      acceptedAt: expect.any(String),
    });

    const done = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${asset.id}/events/${taskId}/complete`,
      headers: t.headers.memberA,
      payload: {},
    });
    expect(done.statusCode).toBe(200);
    const status = (await t.app.inject({ method: 'GET', url: `/public/requests/${token}` })).json();
    expect(status).toMatchObject({ state: 'done', doneOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(JSON.stringify(status)).not.toContain(t.orgA.member.email);
    // The receipt, the administrators' alert, then "accepted" and "done".
    await smtp.waitFor(6);
    const texts = smtp.textsTo('cleo@example.com');
    expect(texts).toHaveLength(3);
    expect(texts.at(-1)).toContain('Boiler');
  });

  it('merges into an open task, closes with a reason, blocks a spammer: audit and webhook', async () => {
    const rows = (await requestRows()).filter((row) => row.state === 'new');
    const [toMerge, toClose] = rows;
    const openTask = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${asset.id}/events`,
      headers: t.headers.adminA,
      payload: { title: 'Open task', fields: [], files: [] },
    });
    const merged = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${toMerge!.id}/merge`,
      headers: t.headers.memberA,
      payload: { taskId: openTask.json().id },
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().request).toMatchObject({ state: 'accepted', taskId: openTask.json().id });

    const badBlock = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${toClose!.id}/close`,
      headers: t.headers.memberA,
      payload: { reason: 'duplicate', blockSender: true },
    });
    expect(badBlock.statusCode).toBe(400);
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${toClose!.id}/close`,
      headers: t.headers.memberA,
      payload: { reason: 'spam', blockSender: true },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().request).toMatchObject({ state: 'closed', closedReason: 'spam' });
    const closedHooks = await t.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.organizationId, org), eq(webhookDeliveries.eventType, 'request.closed')),
      );
    expect(closedHooks).toHaveLength(1);
    const actions = await t.db
      .select()
      .from(auditLogEntries)
      .where(eq(auditLogEntries.entityType, 'Request'));
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['ACCEPT', 'MERGE', 'CLOSE']),
    );

    // The spammer's address is refused now (403), whatever the asset.
    const [spam] = await t.db.select().from(requests).where(eq(requests.id, toClose!.id));
    const ip = ['198.51.100.30', '198.51.100.40', '203.0.113.1', '203.0.113.2', '203.0.113.3'].find(
      (address) => t.app.requests.guards.senderHash(address) === spam!.senderHash,
    );
    expect(ip).toBeDefined();
    const blocked = await report(
      { description: 'More spam', urgency: 'works', altcha: await solved() },
      { ip },
    );
    expect(blocked.statusCode).toBe(403);
  });

  it('lets only administrators triage where the organization says so', async () => {
    const setting = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/organization/settings',
      headers: t.headers.adminA,
      payload: { requestTriageRole: 'admin' },
    });
    expect(setting.json().requestTriageRole).toBe('admin');
    const fresh = await report(
      { description: 'Tap drips', urgency: 'works', altcha: await solved() },
      { ip: '192.0.2.77' },
    );
    const [row] = (await requestRows()).filter((r) => r.description === 'Tap drips');
    expect(fresh.statusCode).toBe(201);
    const byMember = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${row!.id}/close`,
      headers: t.headers.memberA,
      payload: { reason: 'not_a_fault' },
    });
    expect(byMember.statusCode).toBe(403);
    const byAdmin = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${row!.id}/close`,
      headers: t.headers.adminA,
      payload: { reason: 'not_a_fault' },
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it('counts the requests waiting and the median time to triage on the dashboard', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/analytics?rangeDays=30',
      headers: t.headers.adminA,
    });
    const figures = response.json().requests;
    const rows = await requestRows();
    expect(figures.waiting).toBe(rows.filter((row) => row.state === 'new').length);
    expect(figures.reported).toBe(rows.length);
    expect(figures.triaged).toBe(rows.filter((row) => row.triagedAt).length);
    expect(figures.medianTriageHours).toBeGreaterThanOrEqual(0);
  });

  it('lists the waiting requests in the daily digest of those who triage them', async () => {
    const waiting = (await requestRows()).filter((row) => row.state === 'new').length;
    expect(waiting).toBeGreaterThan(0);
    const clock = new SettableClock();
    clock.freeze(new Date(Date.now() + 86_400_000));
    clock.freeze(new Date(`${clock.now().toISOString().slice(0, 10)}T08:00:00Z`));
    const before = smtp.received.length;
    const { digests } = await composeDailyDigests({ db: t.db, jobs: t.app.jobs, clock });
    // Administrators only triage here now (the previous test): A's administrator and Root.
    expect(digests).toBe(2);
    await smtp.waitFor(before + 2);
    const digest = smtp.received
      .slice(before)
      .find((message) => message.to.includes(t.orgA.admin.email))!.mail;
    expect(digest.subject).toContain(`${waiting} requests waiting`);
    expect(digest.text).toContain(`Requests waiting for triage (${waiting})`);
    expect(digest.text).toContain('Boiler: ');
    expect(smtp.received.slice(before).some((message) => message.to.includes(t.orgA.member.email))).toBe(
      false,
    );
  });
});
