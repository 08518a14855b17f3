import { startTestSmtp, type TestSmtp } from '@mqr/smtp-testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogEntries, organizations, requestPhotos, requests, users } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createTenants, type Tenants } from '#server/test/tenant-world.ts';
import { photoPart, reportForm } from './report-fixtures.ts';

/** What happens to requests after they are made (ADR 133): alerts, a deleted task, stored photos. */
describe('requests after they are made', () => {
  let smtp: TestSmtp;
  let t: TestApp & Tenants;
  let form: ReturnType<typeof reportForm>;
  let org: string;
  let ip = 10;
  /** Every object stored from now on (the report's photos). */
  const stored: string[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const app = await buildTestApp(
      { smtpUrl: smtp.url, smtpFrom: 'reminders@example.com' },
      { dailyDigest: false },
    );
    t = Object.assign(app, await createTenants(app));
    org = t.orgA.organization.id;
    form = reportForm(t.app);
    const put = t.app.storage.put.bind(t.app.storage);
    t.app.storage.put = async (key, body, type) => {
      stored.push(key);
      await put(key, body, type);
    };
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function reportOn(asset: { slug: string }, fields: Record<string, string>, photos = 1) {
    const path = `/public/orgs/${org}/assets/${asset.slug}`;
    ip += 1;
    return form.report(
      path,
      { website: '', altcha: await form.solved(path), ...fields },
      { photos: Array.from({ length: photos }, () => photoPart()), ip: `198.51.100.${ip}` },
    );
  }
  const rowsOf = (assetId: string) => t.db.select().from(requests).where(eq(requests.assetId, assetId));
  const exists = async (key: string) => (await t.app.storage.stat(key)) !== undefined;

  it('alerts whoever may triage an unsafe report, each in their language; members only when they may', async () => {
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, t.orgA.member.id));
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Chaudière' });
    expect((await reportOn(asset, { description: 'Fumée noire', urgency: 'unsafe' }, 0)).statusCode).toBe(
      201,
    );
    // The administrator, Root (a super administrator of A) and the member.
    await smtp.waitFor(3);
    const [toMember] = smtp.textsTo(t.orgA.member.email);
    expect(toMember).toContain('Fumée noire');
    const memberMail = smtp.received.find((m) => m.to.includes(t.orgA.member.email))!.mail;
    const adminMail = smtp.received.find((m) => m.to.includes(t.orgA.admin.email))!.mail;
    // The member's in French, the administrator's in the organization's English.
    expect(memberMail.subject).not.toBe(adminMail.subject);
    // Another organization's people hear nothing of it.
    expect(smtp.textsTo(t.orgB.member.email)).toEqual([]);
    expect(smtp.textsTo(t.orgB.admin.email)).toEqual([]);

    // Administrators alone triage: the member is not alerted any more.
    await t.db.update(organizations).set({ requestTriageRole: 'admin' }).where(eq(organizations.id, org));
    const before = smtp.received.length;
    expect((await reportOn(asset, { description: 'Second alert', urgency: 'unsafe' }, 0)).statusCode).toBe(
      201,
    );
    await smtp.waitFor(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.textsTo(t.orgA.admin.email).join('\n')).toContain('Second alert');
    expect(smtp.textsTo(t.orgA.member.email).join('\n')).not.toContain('Second alert');
    await t.db.update(organizations).set({ requestTriageRole: 'member' }).where(eq(organizations.id, org));
  });

  it('puts a request back to waiting when its task is deleted; its photo stays; done ones stay done', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Lift' });
    expect((await reportOn(asset, { description: 'Door sticks', urgency: 'works' })).statusCode).toBe(201);
    const [request] = await rowsOf(asset.id);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${request!.id}/accept`,
      headers: t.headers.memberA,
      payload: {},
    });
    expect(accepted.statusCode).toBe(200);
    const { taskId } = accepted.json();
    const [photo] = await t.db.select().from(requestPhotos).where(eq(requestPhotos.requestId, request!.id));
    expect(photo!.fileId).not.toBeNull();

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/assets/${asset.id}/events/${taskId}`,
      headers: t.headers.adminA,
    });
    expect(deleted.statusCode).toBe(204);
    const [after] = await rowsOf(asset.id);
    expect(after).toMatchObject({ state: 'new', taskId: null, triagedAt: null, triagedById: null });
    const audit = await t.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.entityId, request!.id), eq(auditLogEntries.action, 'UPDATE')));
    expect(audit.map((entry) => JSON.parse(entry.changes!))).toEqual([
      { status: 'new', reason: 'taskDeleted', taskId },
    ]);
    // The photo was the task's file too: it stays for the request, and joins its next task.
    expect(await exists(photo!.objectKey)).toBe(true);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/requests/${request!.id}`,
      headers: t.headers.memberA,
    });
    expect(detail.json()).toMatchObject({ state: 'new', photoCount: 1 });
    const image = await t.app.inject({
      method: 'GET',
      url: detail.json().photos[0].url,
      headers: t.headers.memberA,
    });
    expect(image.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${request!.id}/accept`,
      headers: t.headers.memberA,
      payload: {},
    });
    expect(again.statusCode).toBe(200);

    // Completed, then deleted: the request stays done.
    const second = again.json().taskId;
    for (const action of ['complete'] as const) {
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/assets/${asset.id}/events/${second}/${action}`,
        headers: t.headers.memberA,
      });
      expect(done.statusCode).toBe(200);
    }
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/assets/${asset.id}/events/${second}`,
      headers: t.headers.adminA,
    });
    expect((await rowsOf(asset.id))[0]).toMatchObject({ state: 'done', taskId: null });
  });

  it("keeps a request's photo in storage when its task's file is removed", async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Fan' });
    expect((await reportOn(asset, { description: 'Fan rattles', urgency: 'works' })).statusCode).toBe(201);
    const [request] = await rowsOf(asset.id);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${request!.id}/accept`,
      headers: t.headers.memberA,
      payload: {},
    });
    const [photo] = await t.db.select().from(requestPhotos).where(eq(requestPhotos.requestId, request!.id));
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/assets/${asset.id}/events/${accepted.json().taskId}`,
      headers: t.headers.memberA,
      payload: { title: 'Fan rattles', files: [] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().files).toEqual([]);
    expect(await exists(photo!.objectKey)).toBe(true);
  });

  it('removes the stored photos of a report whose transaction failed', async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Gate' });
    await t.db.execute(sql`create function fail_photo() returns trigger language plpgsql as
      $$ begin raise exception 'photo refused'; end $$`);
    await t.db.execute(sql`create trigger fail_photo before insert on request_photos
      for each row execute function fail_photo()`);
    const from = stored.length;
    try {
      const response = await reportOn(asset, { description: 'Gate jammed', urgency: 'stopped' }, 2);
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger fail_photo on request_photos`);
      await t.db.execute(sql`drop function fail_photo()`);
    }
    const keys = stored.slice(from);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await exists(key)).toBe(false);
    expect(await rowsOf(asset.id)).toEqual([]);
  });

  it("refuses a challenge used before in the report's own write: 400, its photos removed, nothing written", async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Hatch' });
    const path = `/public/orgs/${org}/assets/${asset.slug}`;
    const altcha = await form.solved(path);
    const first = await form.report(
      path,
      { website: '', altcha, description: 'Hatch stuck', urgency: 'works' },
      { ip: '198.51.100.90' },
    );
    expect(first.statusCode, first.body).toBe(201);
    const auditRows = () =>
      t.db.select().from(auditLogEntries).where(eq(auditLogEntries.organizationId, org));
    const audited = (await auditRows()).length;
    // Once as a report that emails (its write in a transaction), once as one that does not.
    for (const [address, urgency] of [
      ['198.51.100.91', 'unsafe'],
      ['198.51.100.92', 'works'],
    ] as const) {
      const from = stored.length;
      const again = await form.report(
        path,
        { website: '', altcha, description: 'Hatch stuck again', urgency },
        { photos: [photoPart()], ip: address },
      );
      expect(again.statusCode, again.body).toBe(400);
      expect(again.json().fields[0].path).toBe('altcha');
      for (const key of stored.slice(from)) expect(await exists(key)).toBe(false);
    }
    expect(await rowsOf(asset.id)).toHaveLength(1);
    expect((await auditRows()).length).toBe(audited);
  });

  it("removes a deleted asset's request photos, accepted or not, and keeps another asset's merged one", async () => {
    const asset = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Old press' });
    const other = await createAssetViaApi(t.app, t.headers.adminA, { name: 'New press' });
    const from = stored.length;
    expect((await reportOn(asset, { description: 'Waiting one', urgency: 'works' })).statusCode).toBe(201);
    expect((await reportOn(asset, { description: 'Accepted one', urgency: 'works' })).statusCode).toBe(201);
    expect((await reportOn(other, { description: 'Merged one', urgency: 'works' })).statusCode).toBe(201);
    const [waitingKey, acceptedKey, mergedKey] = stored.slice(from);
    const byText = async (assetId: string, description: string) =>
      (await rowsOf(assetId)).find((row) => row.description === description)!;
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${(await byText(asset.id, 'Accepted one')).id}/accept`,
      headers: t.headers.memberA,
      payload: {},
    });
    const merged = await t.app.inject({
      method: 'POST',
      url: `/api/requests/${(await byText(other.id, 'Merged one')).id}/merge`,
      headers: t.headers.memberA,
      payload: { taskId: accepted.json().taskId },
    });
    expect(merged.statusCode).toBe(200);

    // Its open task first: completed, so that the asset may be retired.
    await t.app.inject({
      method: 'POST',
      url: `/api/assets/${asset.id}/events/${accepted.json().taskId}/complete`,
      headers: t.headers.memberA,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/assets/${asset.id}/retire`,
      headers: t.headers.adminA,
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/assets/${asset.id}`,
      headers: t.headers.adminA,
      payload: { confirmName: 'Old press' },
    });
    expect(removed.statusCode).toBe(204);
    expect(await rowsOf(asset.id)).toEqual([]);
    expect(await exists(waitingKey!)).toBe(false);
    expect(await exists(acceptedKey!)).toBe(false);
    // The other asset's request keeps its photo, though the task it joined went.
    expect(await exists(mergedKey!)).toBe(true);
    expect(await byText(other.id, 'Merged one')).toMatchObject({ state: 'done' });
  });
});
