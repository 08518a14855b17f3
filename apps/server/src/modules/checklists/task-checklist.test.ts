import {
  ASSET_MESSAGES,
  CHECKLIST_MESSAGES,
  CHECKLIST_SAID,
  OCCURRED_AT_MESSAGES,
  type TChecklistResponse,
  type TChecklistTemplate,
  type TFollowUp,
  type TMaintenanceEvent,
  type TTaskChecklist,
  UPLOAD_MESSAGES,
} from '@mqr/contracts';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  assets,
  checklistResponses,
  files,
  maintenanceEvents,
  taskTimeEntries,
  webhookDeliveries,
} from '#server/db/schema.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { paddedJpeg } from '#server/test/images.ts';
import { pendingTasks } from '#server/test/schedule-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import {
  createTaskWithChecklist,
  createTemplate,
  JPEG_PHOTO,
  SIX_STEPS,
  signaturePng,
  stageImage,
} from './checklist-fixtures.ts';

// A task's checklist (ADR 134): answers by step kind, the completion guard, follow-ups, and the
// other organization's 404s.

const clock = new SettableClock();
const w = tenantWorld({ webhooksAllowPrivateAddresses: true }, { clock });
afterEach(() => clock.reset());
type Headers = Record<string, string>;

let assetId: string;
let template: TChecklistTemplate;

beforeAll(async () => {
  assetId = (await createAssetViaApi(w.app, w.headers.memberA, { name: 'Boiler 3' })).id;
  template = await createTemplate(w.app, w.headers.adminA, { name: 'Boiler inspection', steps: SIX_STEPS });
  const endpoint = await w.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: w.headers.adminA,
    payload: { url: 'https://hooks.example.com/checklists', events: ['checklist.completed'] },
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
});

const newTask = (title = 'Annual inspection') =>
  createTaskWithChecklist(w.app, w.headers.memberA, assetId, template.id, title);

const answer = (eventId: string, stepKey: string, payload: object, headers: Headers = w.headers.memberA) =>
  w.app.inject({
    method: 'PUT',
    url: `/api/events/${eventId}/checklist/steps/${stepKey}`,
    headers,
    payload,
  });

const readChecklist = async (eventId: string) => {
  const response = await w.app.inject({
    method: 'GET',
    url: `/api/events/${eventId}/checklist`,
    headers: w.headers.memberA,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TTaskChecklist>();
};

const complete = (eventId: string, payload: object = {}) =>
  w.app.inject({
    method: 'POST',
    url: `/api/assets/${assetId}/events/${eventId}/complete`,
    headers: w.headers.memberA,
    payload,
  });

const responsesOf = (eventId: string) =>
  w.db.select().from(checklistResponses).where(eq(checklistResponses.eventId, eventId));

const memberA = () => ({ id: w.orgA.member.id, organizationId: w.orgA.organization.id });

/** Answers the three required steps: the valve passes, the pressure fits, the technician signs. */
async function answerRequired(eventId: string) {
  expect((await answer(eventId, 'valve', { outcome: 'pass' })).statusCode).toBe(200);
  expect((await answer(eventId, 'pressure', { numberValue: 3 })).statusCode).toBe(200);
  const signature = await stageImage(w.app, w.db, memberA(), signaturePng(), 'signature.png', 'image/png');
  const signed = await answer(eventId, 'sign', {
    file: { objectKey: signature.objectKey, fileName: 'sig.png' },
  });
  expect(signed.statusCode, signed.body).toBe(200);
}

describe('a task with a checklist', () => {
  it('gets the current version on create, and shows it with its summary', async () => {
    const task = await newTask();
    expect(task.checklist).toEqual({
      templateId: template.id,
      name: 'Boiler inspection',
      version: 1,
      summary: { total: 6, done: 0, passed: 0, failed: 0, na: 0, flagged: 0 },
    });
    const checklist = await readChecklist(task.id);
    expect(checklist).toMatchObject({ eventId: task.id, assetId, version: 1, editable: true, responses: [] });
    expect(checklist.steps.map((step) => step.key)).toEqual(SIX_STEPS.map((step) => step.key));
  });

  it('shows its summary in the pending list, as on the asset’s page, to its organization only', async () => {
    const task = await newTask('Listed with its progress');
    const plain = await createTaskWithChecklist(w.app, w.headers.memberA, assetId, null, 'No checklist');
    expect((await answer(task.id, 'valve', { outcome: 'pass' })).statusCode).toBe(200);
    const listed = await pendingTasks(w.app, w.headers.memberA, `?assetId=${assetId}&pageSize=200`);
    expect(listed.find((item) => item.eventId === task.id)?.checklist).toEqual({
      templateId: template.id,
      name: 'Boiler inspection',
      version: 1,
      summary: { total: 6, done: 1, passed: 1, failed: 0, na: 0, flagged: 0 },
    });
    expect(listed.find((item) => item.eventId === plain.id)?.checklist).toBeNull();
    const theirs = await pendingTasks(w.app, w.headers.memberB, '?pageSize=200');
    expect(theirs.map((item) => item.eventId)).not.toContain(task.id);
  });

  it('keeps its version when the template is edited; a new task gets the new one', async () => {
    const own = await createTemplate(w.app, w.headers.adminA, { name: 'Edited later', steps: SIX_STEPS });
    const task = await createTaskWithChecklist(w.app, w.headers.memberA, assetId, own.id);
    const edited = await w.app.inject({
      method: 'PUT',
      url: `/api/admin/checklists/${own.id}`,
      headers: w.headers.adminA,
      payload: {
        name: 'Edited later',
        steps: [{ key: 'only', kind: 'check', label: 'Only step', required: true }],
      },
    });
    expect(edited.json<TChecklistTemplate>().version).toBe(2);
    const kept = await readChecklist(task.id);
    expect(kept.version).toBe(1);
    expect(kept.steps).toHaveLength(6);
    // Its steps are still answered as version 1's; version 2's step is no step of this task.
    expect((await answer(task.id, 'valve', { outcome: 'pass' })).statusCode).toBe(200);
    const unknown = await answer(task.id, 'only', { outcome: 'pass' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CHECKLIST_SAID.unknownStep('only').message);
    const later = await createTaskWithChecklist(w.app, w.headers.memberA, assetId, own.id);
    expect((await readChecklist(later.id)).steps.map((step) => step.key)).toEqual(['only']);
  });

  it('refuses a template of another organization, a malformed one and an archived one (400, nothing written)', async () => {
    const theirs = await createTemplate(w.app, w.headers.adminB, { name: 'Theirs', steps: SIX_STEPS });
    const archived = await createTemplate(w.app, w.headers.adminA, { name: 'Old one', steps: SIX_STEPS });
    await w.app.inject({
      method: 'DELETE',
      url: `/api/admin/checklists/${archived.id}`,
      headers: w.headers.adminA,
    });
    const count = async () =>
      (await w.db.select().from(maintenanceEvents).where(eq(maintenanceEvents.assetId, assetId))).length;
    const before = await count();
    for (const [checklistTemplateId, message] of [
      [theirs.id, CHECKLIST_MESSAGES.unknownTemplate],
      ['not-a-uuid', CHECKLIST_MESSAGES.unknownTemplate],
      [archived.id, CHECKLIST_MESSAGES.archived],
    ] as const) {
      const response = await w.app.inject({
        method: 'POST',
        url: `/api/assets/${assetId}/events`,
        headers: w.headers.memberA,
        payload: { title: 'With theirs', checklistTemplateId },
      });
      expect(response.statusCode).toBe(400);
      expect(pathsAndMessages(response.json().fields)).toEqual([{ path: 'checklistTemplateId', message }]);
    }
    expect(await count()).toBe(before);
  });

  it('answers 404 for a task without a checklist', async () => {
    const plain = await createTaskWithChecklist(w.app, w.headers.memberA, assetId, null);
    expect(plain.checklist).toBeNull();
    const response = await w.app.inject({
      method: 'GET',
      url: `/api/events/${plain.id}/checklist`,
      headers: w.headers.memberA,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(CHECKLIST_MESSAGES.noChecklist);
  });
});

describe('answering steps', () => {
  let task: TMaintenanceEvent;
  beforeAll(async () => {
    task = await newTask('Answers');
  });

  it('stores each kind, stamps who and when, and flags a failed check and a number out of range', async () => {
    const done = await answer(task.id, 'valve', {
      outcome: 'fail',
      doneAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<TChecklistResponse>()).toMatchObject({
      stepKey: 'valve',
      outcome: 'fail',
      flagged: true,
      doneBy: { id: w.orgA.member.id, name: w.orgA.member.displayName },
    });
    expect((await answer(task.id, 'pressure', { numberValue: 5.25 })).json()).toMatchObject({
      numberValue: 5.25,
      flagged: true,
    });
    expect((await answer(task.id, 'pressure', { numberValue: 2 })).json()).toMatchObject({ flagged: false });
    expect((await answer(task.id, 'remarks', { textValue: '  Slight rust  ' })).json()).toMatchObject({
      textValue: 'Slight rust',
    });
    expect((await answer(task.id, 'seal', { textValue: 'Worn' })).json()).toMatchObject({
      textValue: 'Worn',
    });
    const photo = await stageImage(w.app, w.db, memberA(), JPEG_PHOTO, 'gauge.jpg', 'image/jpeg');
    const photographed = await answer(task.id, 'gauge', {
      file: { objectKey: photo.objectKey, fileName: 'gauge.jpg' },
    });
    expect(photographed.statusCode, photographed.body).toBe(200);
    expect(photographed.json<TChecklistResponse>().file).toMatchObject({
      fileName: 'gauge.jpg',
      contentType: 'image/jpeg',
      publicUrl: expect.stringMatching(/^\/public\/orgs\//),
    });

    const checklist = await readChecklist(task.id);
    expect(checklist.summary).toEqual({ total: 6, done: 5, passed: 4, failed: 1, na: 0, flagged: 1 });
    expect(checklist.responses.map((r) => r.stepKey)).toEqual([
      'valve',
      'pressure',
      'remarks',
      'seal',
      'gauge',
    ]);
    // The photo is the step's answer, not one of the task's attachments.
    const event = await w.app.inject({
      method: 'GET',
      url: `/api/assets/${assetId}/events`,
      headers: w.headers.memberA,
    });
    const shown = event.json<{ events: TMaintenanceEvent[] }>().events.find((e) => e.id === task.id)!;
    expect(shown.files).toEqual([]);
    expect(shown.checklist?.summary.done).toBe(5);
  });

  it.each([
    [
      'a check answered with a number',
      'valve',
      { numberValue: 1 },
      CHECKLIST_SAID.stepTakes('Safety valve opens', 'check').message,
    ],
    [
      'a number answered with a text',
      'pressure',
      { textValue: '3' },
      CHECKLIST_SAID.stepTakes('Pressure', 'number').message,
    ],
    [
      'a number outside the sane range',
      'pressure',
      { numberValue: 1e10 },
      CHECKLIST_SAID.numberOutOfBounds('Pressure').message,
    ],
    [
      'a number with too many decimals',
      'pressure',
      { numberValue: 1.0000001 },
      CHECKLIST_SAID.numberOutOfBounds('Pressure').message,
    ],
    ['an empty text', 'remarks', { textValue: '   ' }, CHECKLIST_SAID.stepTakes('Remarks', 'text').message],
    [
      'a choice not among its options',
      'seal',
      { textValue: 'Gone' },
      CHECKLIST_SAID.choiceNotOption('Seal state').message,
    ],
    [
      'a photo answered with a check',
      'gauge',
      { outcome: 'pass' },
      CHECKLIST_SAID.stepTakes('Photo of the gauge', 'photo').message,
    ],
  ])('refuses %s with 400 naming the step, writing nothing', async (_case, stepKey, payload, message) => {
    const fresh = await newTask('Refusals');
    const response = await answer(fresh.id, stepKey, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(pathsAndMessages(response.json().fields)).toEqual([{ path: `steps.${stepKey}`, message }]);
    expect(await responsesOf(fresh.id)).toEqual([]);
  });

  it('refuses two answers at once, and no answer (400)', async () => {
    const both = await answer(task.id, 'valve', { outcome: 'pass', numberValue: 1 });
    expect(both.statusCode).toBe(400);
    expect(pathsAndMessages(both.json().fields).map((field) => field.message)).toEqual([
      CHECKLIST_MESSAGES.oneAnswer,
    ]);
    expect((await answer(task.id, 'valve', {})).statusCode).toBe(400);
  });

  it('refuses a signature that is not a PNG of a sane size, a photo that is not a JPEG, an upload not of the organization', async () => {
    const fresh = await newTask('Images');
    const jpegSignature = await stageImage(w.app, w.db, memberA(), JPEG_PHOTO, 'sig.jpg', 'image/jpeg');
    const pretending = await stageImage(
      w.app,
      w.db,
      memberA(),
      Buffer.from('%PDF-1.4 no image'),
      'sig.png',
      'image/png',
    );
    const pdfPhoto = await stageImage(
      w.app,
      w.db,
      memberA(),
      Buffer.from('%PDF-1.4 no image'),
      'a.pdf',
      'application/pdf',
    );
    const pngPhoto = await stageImage(w.app, w.db, memberA(), signaturePng(), 'screen.png', 'image/png');
    const hugeSignature = await stageImage(
      w.app,
      w.db,
      memberA(),
      signaturePng(2001, 20),
      'wide.png',
      'image/png',
    );
    const theirs = await stageImage(
      w.app,
      w.db,
      { id: w.orgB.member.id, organizationId: w.orgB.organization.id },
      signaturePng(),
      'theirs.png',
      'image/png',
    );
    const cases = [
      ['sign', jpegSignature.objectKey, CHECKLIST_SAID.signatureNotPng('Technician signature').message],
      ['sign', pretending.objectKey, CHECKLIST_SAID.signatureNotPng('Technician signature').message],
      ['gauge', pdfPhoto.objectKey, CHECKLIST_SAID.photoNotImage('Photo of the gauge').message],
      ['gauge', pngPhoto.objectKey, CHECKLIST_SAID.photoNotImage('Photo of the gauge').message],
      ['sign', hugeSignature.objectKey, CHECKLIST_SAID.signatureNotPng('Technician signature').message],
      ['sign', theirs.objectKey, UPLOAD_MESSAGES.unknownUpload],
    ] as const;
    for (const [stepKey, objectKey, message] of cases) {
      const response = await answer(fresh.id, stepKey, { file: { objectKey, fileName: 'x.png' } });
      expect(response.statusCode, `${stepKey} ${response.body}`).toBe(400);
      expect(pathsAndMessages(response.json().fields)).toEqual([{ path: `steps.${stepKey}`, message }]);
    }
    expect(await responsesOf(fresh.id)).toEqual([]);
    const attached = await w.db.select().from(files).where(eq(files.eventId, fresh.id));
    expect(attached).toEqual([]);
  });

  it('refuses a doneAt ahead of the server’s clock (400 on doneAt) and keeps one between the task’s creation and now', async () => {
    const fresh = await newTask('Offline answers');
    const future = await answer(fresh.id, 'remarks', {
      textValue: 'Later',
      doneAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(pathsAndMessages(future.json().fields)).toEqual([
      { path: 'doneAt', message: OCCURRED_AT_MESSAGES.future },
    ]);
    // Sent two hours later from the outbox: the device's time, an hour after the task was created.
    const created = Date.parse(fresh.performedAt);
    clock.freeze(new Date(created + 2 * 3_600_000));
    const at = new Date(created + 3_600_000).toISOString();
    const past = await answer(fresh.id, 'remarks', { textValue: 'Earlier', doneAt: at });
    expect(past.json<TChecklistResponse>().doneAt).toBe(at);
    // Before the task was created (a device clock behind): the task's creation.
    const early = await answer(fresh.id, 'seal', {
      textValue: 'Good',
      doneAt: new Date(created - 60_000).toISOString(),
    });
    expect(early.json<TChecklistResponse>().doneAt).toBe(new Date(created).toISOString());
  });

  it('replaces a photo (the old file goes) and clears an answer with DELETE', async () => {
    const fresh = await newTask('Photos');
    const first = await stageImage(w.app, w.db, memberA(), JPEG_PHOTO, 'one.jpg', 'image/jpeg');
    const second = await stageImage(w.app, w.db, memberA(), paddedJpeg(0.1), 'two.jpg', 'image/jpeg');
    await answer(fresh.id, 'gauge', { file: { objectKey: first.objectKey, fileName: 'one.jpg' } });
    // The same file again keeps it.
    const again = await answer(fresh.id, 'gauge', {
      file: { objectKey: first.objectKey, fileName: 'one.jpg' },
    });
    expect(again.statusCode, again.body).toBe(200);
    const replaced = await answer(fresh.id, 'gauge', {
      file: { objectKey: second.objectKey, fileName: 'two.jpg' },
    });
    expect(replaced.json<TChecklistResponse>().file).toMatchObject({
      fileName: 'two.jpg',
      contentType: 'image/jpeg',
    });
    const stepFiles = await w.db.select().from(files).where(eq(files.eventId, fresh.id));
    expect(stepFiles.map((f) => [f.objectKey, f.checklistStepKey])).toEqual([[second.objectKey, 'gauge']]);
    expect(await w.app.storage.stat(first.objectKey)).toBeUndefined();

    const cleared = await w.app.inject({
      method: 'DELETE',
      url: `/api/events/${fresh.id}/checklist/steps/gauge`,
      headers: w.headers.memberA,
    });
    expect(cleared.statusCode).toBe(204);
    expect(await responsesOf(fresh.id)).toEqual([]);
    expect(await w.db.select().from(files).where(eq(files.eventId, fresh.id))).toEqual([]);
    expect(await w.app.storage.stat(second.objectKey)).toBeUndefined();
  });
});

describe('completing a task with a checklist', () => {
  const deliveries = async (eventId: string) =>
    (
      await w.db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.organizationId, w.orgA.organization.id),
            eq(webhookDeliveries.eventType, 'checklist.completed'),
          ),
        )
    )
      .map((row) => JSON.parse(row.body).data)
      .filter((data) => data.eventId === eventId);

  it('is refused with 422 naming the empty required steps, and writes nothing', async () => {
    const task = await newTask('Incomplete');
    await answer(task.id, 'valve', { outcome: 'pass' });
    const response = await complete(task.id, { timeSpent: [{ minutes: 30 }] });
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(body.code).toBe('CHECKLIST_INCOMPLETE');
    expect(body.message).toBe(CHECKLIST_SAID.incomplete(2, '“Pressure”, “Technician signature”').message);
    expect(pathsAndMessages(body.fields)).toEqual([
      { path: 'checklist.pressure', message: CHECKLIST_SAID.stepRequired('Pressure').message },
      { path: 'checklist.sign', message: CHECKLIST_SAID.stepRequired('Technician signature').message },
    ]);
    const [row] = await w.db.select().from(maintenanceEvents).where(eq(maintenanceEvents.id, task.id));
    expect(row).toMatchObject({ taskStatus: 'Pending', taskCompletedAt: null });
    expect(await w.db.select().from(taskTimeEntries).where(eq(taskTimeEntries.eventId, task.id))).toEqual([]);
    expect(await deliveries(task.id)).toEqual([]);
  });

  it('completes once the required steps are answered, sends checklist.completed, then locks the answers', async () => {
    const task = await newTask('Complete');
    await answerRequired(task.id);
    await answer(task.id, 'seal', { textValue: 'Good' });
    const response = await complete(task.id);
    expect(response.statusCode, response.body).toBe(200);
    const completed = response.json<TMaintenanceEvent>();
    expect(completed.checklist?.summary).toEqual({
      total: 6,
      done: 4,
      passed: 4,
      failed: 0,
      na: 0,
      flagged: 0,
    });
    expect(await deliveries(task.id)).toEqual([
      {
        organizationId: w.orgA.organization.id,
        eventId: task.id,
        assetId,
        templateId: template.id,
        name: 'Boiler inspection',
        version: 1,
        completedAt: completed.taskCompletedAt,
        summary: { total: 6, done: 4, passed: 4, failed: 0, na: 0, flagged: 0 },
      },
    ]);

    const late = await answer(task.id, 'remarks', { textValue: 'After' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CHECKLIST_MESSAGES.taskCompleted);
    const cleared = await w.app.inject({
      method: 'DELETE',
      url: `/api/events/${task.id}/checklist/steps/valve`,
      headers: w.headers.memberA,
    });
    expect(cleared.statusCode).toBe(409);
    expect((await readChecklist(task.id)).editable).toBe(false);
  });

  it('completes a task without a checklist as before, with no checklist webhook', async () => {
    const plain = await createTaskWithChecklist(w.app, w.headers.memberA, assetId, null, 'Plain');
    expect((await complete(plain.id)).statusCode).toBe(200);
    expect(await deliveries(plain.id)).toEqual([]);
  });
});

describe('follow-ups', () => {
  it('opens one linked, pre-filled Pending task per step; asking again answers the same one', async () => {
    const task = await newTask('Leaky valve');
    await answer(task.id, 'valve', { outcome: 'fail' });
    const open = () =>
      w.app.inject({
        method: 'POST',
        url: `/api/events/${task.id}/follow-ups`,
        headers: w.headers.memberA,
        payload: { stepKey: 'valve' },
      });
    const first = await open();
    expect(first.statusCode, first.body).toBe(201);
    const followUp = first.json<TFollowUp>();
    expect(followUp).toMatchObject({ assetId, title: 'Follow-up: Safety valve opens', created: true });
    const second = await open();
    expect(second.statusCode).toBe(200);
    expect(second.json<TFollowUp>()).toMatchObject({ eventId: followUp.eventId, created: false });

    const [row] = await w.db
      .select()
      .from(maintenanceEvents)
      .where(eq(maintenanceEvents.id, followUp.eventId));
    expect(row).toMatchObject({
      taskStatus: 'Pending',
      followUpOfEventId: task.id,
      followUpStepKey: 'valve',
    });
    expect(row!.notes).toBe(
      'Opened from the checklist “Boiler inspection” of the task “Leaky valve”: step “Safety valve opens” answered Failed.',
    );
    const page = await w.app.inject({
      method: 'GET',
      url: `/api/assets/${assetId}/events`,
      headers: w.headers.memberA,
    });
    const shown = page.json<{ events: TMaintenanceEvent[] }>().events.find((e) => e.id === followUp.eventId)!;
    expect(shown.followUpOf).toEqual({
      eventId: task.id,
      title: 'Leaky valve',
      stepKey: 'valve',
      stepLabel: 'Safety valve opens',
    });
    const checklist = await readChecklist(task.id);
    expect(checklist.responses.find((r) => r.stepKey === 'valve')?.followUpEventId).toBe(followUp.eventId);
  });

  it('takes a title and notes of its own, and makes one for a request retried with its Idempotency-Key', async () => {
    const task = await newTask('Gauge');
    await answer(task.id, 'pressure', { numberValue: 9 });
    const send = () =>
      w.app.inject({
        method: 'POST',
        url: `/api/events/${task.id}/follow-ups`,
        headers: { ...w.headers.memberA, 'idempotency-key': 'follow-up-1' },
        payload: { stepKey: 'pressure', title: 'Replace the regulator', notes: 'Read 9 bar' },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json<TFollowUp>().eventId).toBe(first.json<TFollowUp>().eventId);
    const made = await w.db
      .select()
      .from(maintenanceEvents)
      .where(eq(maintenanceEvents.followUpOfEventId, task.id));
    expect(made.map((row) => [row.title, row.notes])).toEqual([['Replace the regulator', 'Read 9 bar']]);
  });

  it('refuses an unknown step (404) and a title too long (400), opening nothing', async () => {
    const task = await newTask('Refused follow-up');
    const unknown = await w.app.inject({
      method: 'POST',
      url: `/api/events/${task.id}/follow-ups`,
      headers: w.headers.memberA,
      payload: { stepKey: 'nope' },
    });
    expect(unknown.statusCode).toBe(404);
    const long = await w.app.inject({
      method: 'POST',
      url: `/api/events/${task.id}/follow-ups`,
      headers: w.headers.memberA,
      payload: { stepKey: 'valve', title: 'x'.repeat(201) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields[0].path).toBe('title');
    const made = await w.db
      .select()
      .from(maintenanceEvents)
      .where(eq(maintenanceEvents.followUpOfEventId, task.id));
    expect(made).toEqual([]);
  });
});

describe('a retired asset', () => {
  it('keeps its tasks’ answers as they are (409) and opens no follow-up', async () => {
    const retiring = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Old boiler' });
    const task = await createTaskWithChecklist(w.app, w.headers.memberA, retiring.id, template.id);
    await answer(task.id, 'valve', { outcome: 'fail' });
    await w.db.update(assets).set({ retiredAt: new Date() }).where(eq(assets.id, retiring.id));
    const late = await answer(task.id, 'valve', { outcome: 'pass' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ASSET_MESSAGES.retired);
    const followUp = await w.app.inject({
      method: 'POST',
      url: `/api/events/${task.id}/follow-ups`,
      headers: w.headers.memberA,
      payload: { stepKey: 'valve' },
    });
    expect(followUp.statusCode).toBe(409);
    const [stored] = await responsesOf(task.id);
    expect(stored).toMatchObject({ outcome: 'fail' });
  });
});

describe('deleting', () => {
  it('an event with answers and images takes them with it', async () => {
    const task = await newTask('To delete');
    await answerRequired(task.id);
    const response = await w.app.inject({
      method: 'DELETE',
      url: `/api/admin/assets/${assetId}/events/${task.id}`,
      headers: w.headers.adminA,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await responsesOf(task.id)).toEqual([]);
    expect(await w.db.select().from(files).where(eq(files.eventId, task.id))).toEqual([]);
  });
});

describe('another organization', () => {
  it('gets 404 for every checklist route of a task not its own, and changes nothing', async () => {
    const task = await newTask('Private');
    await answer(task.id, 'valve', { outcome: 'pass' });
    const theirs = w.headers.memberB;
    const requests = [
      { method: 'GET', url: `/api/events/${task.id}/checklist` },
      { method: 'PUT', url: `/api/events/${task.id}/checklist/steps/valve`, payload: { outcome: 'fail' } },
      { method: 'DELETE', url: `/api/events/${task.id}/checklist/steps/valve` },
      { method: 'POST', url: `/api/events/${task.id}/follow-ups`, payload: { stepKey: 'valve' } },
      { method: 'GET', url: `/api/events/${task.id}/checklist/report.pdf` },
      { method: 'GET', url: '/api/events/not-a-uuid/checklist' },
    ] as const;
    for (const request of requests) {
      const response = await w.app.inject({ ...request, headers: theirs });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    const [stored] = await responsesOf(task.id);
    expect(stored).toMatchObject({ outcome: 'pass' });
    expect(
      await w.db.select().from(maintenanceEvents).where(eq(maintenanceEvents.followUpOfEventId, task.id)),
    ).toEqual([]);
  });
});
