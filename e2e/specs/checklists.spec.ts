import { hasPdftoppm, pdfPagesAsPng, pdfText } from '@mqr/pdf-testing';
import { chromium, expect, test } from '@playwright/test';
import { type ApiSession, apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import {
  buildTemplate,
  downloadReport,
  photograph,
  photoOf,
  runnerStep,
  STEPS,
  sign,
  type TTaskChecklist,
  type TTaskEvent,
} from '../support/checklists.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_ADMIN, E2E_MEMBER } from '../support/environment.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { installedApp, signIn } from '../support/session.ts';

// Checklists (issue 36 §1, docs/product/checklists-screens.md): an administrator builds a template,
// a schedule and a task get it, a technician works through it on the phone, online and offline.

interface TAsset {
  id: string;
  name: string;
  createdAt: string;
  events: TTaskEvent[];
}

const minutesAfter = (instant: string, minutes: number) =>
  new Date(Date.parse(instant) + minutes * 60_000).toISOString();

test.describe.configure({ timeout: 150_000 });

test('an administrator builds a 6-step checklist for a schedule and a task; a technician works through it, opens a follow-up, signs and completes @phone', async ({
  page,
  browser,
  request,
}) => {
  const run = uniqueSuffix();
  const admin = await apiSignIn(request, E2E_ADMIN);
  const asset = await admin.post<TAsset>('/api/assets', { name: `Fire extinguisher ${run}`, fields: [] });
  const photo = await photoOf(admin, request, asset.id);
  const name = `Extinguisher inspection ${run}`;

  await signIn(page, E2E_ADMIN);
  if ((page.viewportSize()?.width ?? 1280) < 900) {
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  }
  await buildTemplate(page, name);

  // The asset's schedule gets the checklist; a new task gets it too.
  await page.goto(`/assets/${asset.id}`);
  await page.getByRole('button', { name: 'Add schedule' }).click();
  const scheduleDialog = page.getByRole('dialog', { name: 'Add schedule' });
  await scheduleDialog.getByLabel('Title').fill(`Annual inspection ${run}`);
  await scheduleDialog.getByLabel('Checklist').selectOption({ label: name });
  await scheduleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(scheduleDialog).toBeHidden();
  const schedules = await admin.get<{ title: string; checklist: { name: string } | null }[]>(
    `/api/schedules?assetId=${asset.id}`,
  );
  expect(schedules.find((entry) => entry.title === `Annual inspection ${run}`)?.checklist?.name).toBe(name);

  await page.getByRole('button', { name: 'Add maintenance event' }).click();
  const taskDialog = page.getByRole('dialog', { name: 'Add maintenance event' });
  await taskDialog.getByLabel('Title').fill(`Inspect extinguisher ${run}`);
  await taskDialog.getByLabel('Start task immediately').uncheck();
  await taskDialog.getByLabel('Checklist').selectOption({ label: name });
  await taskDialog.getByRole('button', { name: 'Save event' }).click();
  await expect(taskDialog).toBeHidden();

  // The technician, on their own device.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 } });
  const tech = await context.newPage();
  await signIn(tech, E2E_MEMBER);
  await tech.goto(`/assets/${asset.id}`);
  const taskCard = tech
    .getByRole('article')
    .filter({ has: tech.getByRole('heading', { name: `Inspect extinguisher ${run}` }) });
  await expect(taskCard.getByText('0 of 6 steps done')).toBeVisible();
  await taskCard.getByRole('link', { name: 'Work through the checklist' }).click();
  await expect(
    tech.getByRole('heading', { level: 1, name: `Checklist: Inspect extinguisher ${run}` }),
  ).toBeVisible();

  await runnerStep(tech, STEPS.seal).getByRole('button', { name: 'Pass' }).click();
  await expect(runnerStep(tech, STEPS.seal).getByText(/^Done by Demo member/)).toBeVisible();
  // Focus moved on to the next step.
  await expect(tech.getByRole('heading', { level: 2, name: STEPS.pressure })).toBeFocused();

  const pressure = runnerStep(tech, STEPS.pressure);
  await expect(pressure.getByLabel('Value (bar)')).toHaveAccessibleDescription('Acceptable: 1.5 to 2.5 bar');
  await pressure.getByLabel('Value (bar)').fill('3.1');
  await pressure.getByRole('button', { name: 'Save' }).click();
  await expect(pressure.getByText('3.1 bar is outside the acceptable range.')).toBeVisible();
  await expect(pressure.getByText('Open a follow-up task?')).toBeVisible();
  await expect(pressure.getByRole('button', { name: 'Open follow-up task' })).toBeFocused();
  await expectNoViolations(tech, { screen: 'the runner with a flagged step' });
  await pressure.getByRole('button', { name: 'Open follow-up task' }).click();
  const followUp = tech.getByRole('dialog', { name: 'Open a follow-up task' });
  await expect(followUp.getByLabel('Title')).toHaveValue(`Follow-up: ${STEPS.pressure}`);
  await expect(followUp.getByLabel('Notes')).toHaveValue(/3\.1 bar/);
  await expectNoViolations(tech, { screen: 'the follow-up dialog' });
  await followUp.getByRole('button', { name: 'Open follow-up task' }).click();
  await expect(followUp).toBeHidden();
  await expect(pressure.getByText(`Follow-up task “Follow-up: ${STEPS.pressure}” opened.`)).toBeVisible();

  // Completing with required steps empty is refused: they are named and focus goes to the first.
  await tech.getByRole('button', { name: 'Complete task' }).click();
  await expect(tech.getByText('These 3 required steps are still empty:')).toBeVisible();
  await expect(tech.getByRole('heading', { level: 2, name: STEPS.hose })).toBeFocused();

  await runnerStep(tech, STEPS.hose).getByRole('button', { name: 'Cracked' }).click();
  await photograph(tech, photo);
  await expect(runnerStep(tech, STEPS.photo).getByText(/^Done by Demo member/)).toBeVisible();
  await sign(runnerStep(tech, STEPS.sign), tech);
  await expect(tech.getByText('5 of 6 done')).toBeVisible();
  await expectNoViolations(tech, { screen: 'the checklist runner' });

  tech.once('dialog', (confirm) => void confirm.accept());
  await tech.getByRole('button', { name: 'Complete task' }).click();
  await expect(tech.getByText('Task completed.')).toBeVisible();
  await expect(tech.getByText('This task is completed. Its checklist can no longer change.')).toBeVisible();

  // The report downloads and shows the signature.
  const pdf = await downloadReport(tech, tech.getByRole('button', { name: 'Download report (PDF)' }));
  if (await hasPdftoppm()) {
    expect(await pdfText(pdf)).toContain(STEPS.sign);
    expect((await pdfPagesAsPng(pdf, 50)).length).toBeGreaterThan(0);
  }

  // The asset page: the completed checklist's summary, the follow-up task beside it.
  await tech.getByRole('link', { name: `Back to ${asset.name}` }).click();
  await expect(taskCard.getByText('5 of 6 steps done')).toBeVisible();
  await expect(taskCard.getByText('1 flagged')).toBeVisible();
  await expect(taskCard.getByRole('button', { name: 'Download report (PDF)' })).toBeVisible();
  const followUpCard = tech
    .getByRole('article')
    .filter({ has: tech.getByRole('heading', { name: `Follow-up: ${STEPS.pressure}` }) });
  await expect(
    followUpCard.getByText(`Follow-up of “Inspect extinguisher ${run}”, step “${STEPS.pressure}”`),
  ).toBeVisible();

  const detail = await admin.get<TAsset>(`/api/assets/${asset.id}`);
  const task = detail.events.find((event) => event.title === `Inspect extinguisher ${run}`)!;
  expect(task.taskStatus).toBe('Completed');
  const checklist = await admin.get<TTaskChecklist>(`/api/events/${task.id}/checklist`);
  expect(checklist.summary).toMatchObject({ total: 6, done: 5, flagged: 1 });
  const signature = checklist.responses.find(
    (response) => response.stepKey === checklist.steps.find((step) => step.kind === 'signature')?.key,
  );
  expect(signature?.file?.contentType).toBe('image/png');
  // The PNG chosen as the photo was saved as a JPEG in the browser (the server keeps JPEG photos).
  const gauge = checklist.responses.find(
    (response) => response.stepKey === checklist.steps.find((step) => step.kind === 'photo')?.key,
  );
  expect(gauge?.file?.contentType).toBe('image/jpeg');
  expect(detail.events.filter((event) => event.followUpOf?.eventId === task.id)).toHaveLength(1);
  await context.close();
});

/** The template made through the API, and a task of the asset that has it. */
async function taskWithChecklist(admin: ApiSession, run: string) {
  const template = await admin.post<{ id: string; steps: { key: string }[] }>('/api/admin/checklists', {
    name: `Boiler check ${run}`,
    steps: [
      { kind: 'check', label: 'Flue clear', required: true },
      { kind: 'number', label: 'Flow temperature', required: true, unit: '°C', min: 60, max: 80 },
      { kind: 'signature', label: 'Signed off', required: true },
    ],
  });
  const asset = await admin.post<TAsset>('/api/assets', { name: `Boiler ${run}`, fields: [] });
  const task = await admin.post<TTaskEvent>(`/api/assets/${asset.id}/events`, {
    title: `Service boiler ${run}`,
    startTask: false,
    checklistTemplateId: template.id,
  });
  return { template, asset, task };
}

test('offline: the steps, a follow-up and the completion wait on the phone with their own times, and are sent once the connection returns', async ({
  request,
  baseURL,
}) => {
  const run = uniqueSuffix();
  const admin = await apiSignIn(request, E2E_ADMIN);
  const { asset, task } = await taskWithChecklist(admin, run);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const { context, page } = await installedApp(browser, baseURL);
    // Opened once online: the asset's page and the checklist are kept on the device.
    await page.goto(`/assets/${asset.id}`);
    await page.getByRole('link', { name: 'Work through the checklist' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Flue clear' })).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByRole('banner').getByText('Offline')).toBeVisible();
    // The device's clock as the technician works, and the server's when the device is back.
    const failedAt = minutesAfter(asset.createdAt, 10);
    await page.clock.setFixedTime(failedAt);
    await runnerStep(page, 'Flue clear').getByRole('button', { name: 'Fail' }).click();
    await expect(runnerStep(page, 'Flue clear').getByText('This step failed.')).toBeVisible();
    await expect(runnerStep(page, 'Flue clear').getByText(/saved on this device/)).toBeVisible();
    await runnerStep(page, 'Flue clear').getByRole('button', { name: 'Open follow-up task' }).click();
    await page
      .getByRole('dialog', { name: 'Open a follow-up task' })
      .getByRole('button', { name: 'Open follow-up task' })
      .click();
    await expect(
      runnerStep(page, 'Flue clear').getByText(/saved on this device: it is opened/),
    ).toBeVisible();

    const flowAt = minutesAfter(asset.createdAt, 15);
    await page.clock.setFixedTime(flowAt);
    const flow = runnerStep(page, 'Flow temperature');
    await flow.getByLabel('Value (°C)').fill('72');
    await flow.getByRole('button', { name: 'Save' }).click();
    await sign(runnerStep(page, 'Signed off'), page);
    await expect(page.getByText('3 of 3 done')).toBeVisible();
    page.once('dialog', (confirm) => void confirm.accept());
    await page.getByRole('button', { name: 'Complete task' }).click();
    await expect(page.getByText(/Task completed on this device/)).toBeVisible();

    const waiting = page.getByRole('region', { name: 'Waiting to send' });
    await expect(waiting.getByRole('listitem')).toHaveCount(5);
    await expect(waiting.getByText(`Checklist step “Flue clear” of “Service boiler ${run}”`)).toBeVisible();
    await expect(waiting.getByText('Open follow-up task “Follow-up: Flue clear”')).toBeVisible();
    await expect(waiting.getByText(`Complete task “Service boiler ${run}”`)).toBeVisible();
    await expectNoViolations(page, { screen: 'the runner offline' });

    // Reloaded without a connection: the checklist and its answers come back from the device.
    await page.reload();
    await expect(runnerStep(page, 'Flue clear').getByRole('button', { name: 'Fail' })).toHaveCount(0);
    await expect(waiting.getByRole('listitem')).toHaveCount(5);

    // An hour later the device is back: the outbox is sent with the times the work was done.
    const syncedAt = minutesAfter(asset.createdAt, 60);
    await admin.put('/api/test/clock', { now: syncedAt });
    await page.clock.setFixedTime(syncedAt);
    await context.setOffline(false);
    await expect(waiting).toBeHidden({ timeout: 30_000 });

    const checklist = await admin.get<TTaskChecklist>(`/api/events/${task.id}/checklist`);
    expect(checklist.editable).toBe(false);
    expect(checklist.summary).toMatchObject({ total: 3, done: 3, failed: 1, flagged: 1 });
    const byLabel = (label: string) =>
      checklist.responses.find(
        (response) => response.stepKey === checklist.steps.find((step) => step.label === label)?.key,
      );
    expect(byLabel('Flue clear')).toMatchObject({ outcome: 'fail', flagged: true, doneAt: failedAt });
    expect(byLabel('Flue clear')?.followUpEventId).not.toBeNull();
    expect(byLabel('Flow temperature')).toMatchObject({ numberValue: 72, flagged: false, doneAt: flowAt });
    expect(byLabel('Signed off')?.file?.contentType).toBe('image/png');
    const detail = await admin.get<TAsset>(`/api/assets/${asset.id}`);
    expect(detail.events.find((event) => event.id === task.id)?.taskStatus).toBe('Completed');
    expect(detail.events.filter((event) => event.followUpOf?.eventId === task.id)).toHaveLength(1);
    await context.close();
  } finally {
    await admin.delete('/api/test/clock');
    await browser.close();
  }
});

test('an administrator archives a checklist, finds it among the archived ones and restores it', async ({
  page,
  request,
}) => {
  const run = uniqueSuffix();
  const admin = await apiSignIn(request, E2E_ADMIN);
  const template = await admin.post<{ id: string }>('/api/admin/checklists', {
    name: `Ladder check ${run}`,
    steps: [{ kind: 'check', label: 'Rungs sound', required: true }],
  });
  await signIn(page, E2E_ADMIN);
  await page.goto(`/admin/checklists/${template.id}`);
  page.once('dialog', (confirm) => void confirm.accept());
  await page.getByRole('button', { name: 'Archive checklist' }).click();
  await expect(page.getByText(`“Ladder check ${run}” archived.`)).toBeVisible();
  await page.getByLabel('Search checklists').fill(`Ladder check ${run}`);
  await expect(page.getByText('No checklists match your search.')).toBeVisible();
  await page.getByLabel('Show archived checklists').check();
  await page.getByRole('link', { name: `Ladder check ${run}` }).click();
  await expect(page.getByText(/^Archived .*: schedules and new tasks cannot get it\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Restore checklist' }).click();
  await expect(page.getByRole('button', { name: 'Archive checklist' })).toBeVisible();
  const active = await admin.get<{ id: string }[]>(
    `/api/checklists?q=${encodeURIComponent(`Ladder check ${run}`)}`,
  );
  expect(active.map((entry) => entry.id)).toEqual([template.id]);
});
