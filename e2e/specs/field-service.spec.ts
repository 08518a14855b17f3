import { hasPdftoppm, pdfImages, pdfPagesAsPng, pdfText } from '@mqr/pdf-testing';
import { chromium, expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
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
import { localInput } from '../support/local-time.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { installedApp, signIn } from '../support/session.ts';

// Issue 36's whole round, on phones (docs/product/checklists.md, meters.md, events-and-tasks.md
// #work-and-costs, analytics.md#cost-and-downtime): an administrator's template on a usage schedule
// with a calendar backstop; a technician's readings make it due; the checklist worked offline with a
// failed step and a signature; time, a cost and the downtime with the completion; once online, the
// follow-up task, the report with the signature, and the dashboard's cost and downtime.

const PHONE = { width: 390, height: 844 };

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function addReading(page: Page, value: string, minutesAgo?: number) {
  await page.getByRole('button', { name: 'Add reading' }).click();
  const dialog = page.getByRole('dialog', { name: /New reading of/ });
  await dialog.getByLabel('Reading (h)').fill(value);
  if (minutesAgo !== undefined) await dialog.getByLabel('Read at').fill(localInput(minutesAgo));
  await dialog.getByRole('button', { name: 'Save reading' }).click();
  await expect(dialog).toBeHidden();
}

test.describe.configure({ timeout: 240_000 });

test('on phones: a 6-step checklist on a usage schedule with a backstop; readings make it due; worked offline with a failed step and a signature; the follow-up, the report and the dashboard’s cost and downtime', async ({
  request,
  baseURL,
}) => {
  const run = uniqueSuffix();
  const admin = await apiSignIn(request, E2E_ADMIN);
  const asset = await admin.post<{ id: string; name: string }>('/api/assets', {
    name: `Air compressor ${run}`,
    fields: [],
  });
  const photo = await photoOf(admin, request, asset.id);
  const template = `Compressor service ${run}`;
  const title = `Compressor 100 h service ${run}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    // The administrator, on a phone: the template, the meter, the usage schedule with its backstop.
    const office = await browser.newContext({ baseURL, viewport: PHONE });
    const manager = await office.newPage();
    await signIn(manager, E2E_ADMIN);
    await manager.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await buildTemplate(manager, template);

    await manager.goto(`/assets/${asset.id}`);
    const meters = manager.getByRole('region', { name: 'Meters' });
    await meters.getByRole('button', { name: 'Add meter' }).click();
    const meterForm = manager.getByRole('dialog', { name: 'Add meter' });
    await meterForm.getByLabel('Name').fill('Running hours');
    await meterForm.getByLabel('Unit').fill('h');
    await meterForm.getByRole('button', { name: 'Save meter' }).click();
    await expect(meterForm).toBeHidden();

    const planned = manager.getByRole('region', { name: 'Planned maintenance' });
    await planned.getByRole('button', { name: 'Add schedule' }).click();
    const schedule = manager.getByRole('dialog', { name: 'Add schedule' });
    await schedule.getByLabel('Title').fill(title);
    await schedule.getByLabel('By use and by the calendar').check();
    await schedule.getByLabel('Meter', { exact: true }).selectOption({ label: 'Running hours (h)' });
    await schedule.getByLabel('Every (h)').fill('100');
    await schedule.getByLabel('Every', { exact: true }).fill('1');
    await schedule.getByLabel('Unit', { exact: true }).selectOption({ label: 'years' });
    await schedule.getByLabel('First', { exact: true }).check();
    await schedule.getByLabel('Priority of its tasks').selectOption({ label: 'High' });
    await schedule.getByLabel('Checklist').selectOption({ label: template });
    await expectNoViolations(manager, { screen: 'the usage schedule with a backstop and a checklist' });
    await schedule.getByRole('button', { name: 'Save schedule' }).click();
    await expect(schedule).toBeHidden();
    await expect(planned.getByText('Every 100 h of Running hours')).toBeVisible();
    await expect(planned.getByText('Or by the calendar: Every year (whichever comes first)')).toBeVisible();
    await expect(planned.getByText('The count starts at the meter’s first reading.')).toBeVisible();

    // The technician's phone, the field app installed: readings until the service is due.
    const { context, page: tech } = await installedApp(browser, baseURL);
    await tech.goto(`/assets/${asset.id}`);
    const techMeters = tech.getByRole('region', { name: 'Meters' });
    // The first reading says where the meter stands: the count of 100 h starts there.
    await addReading(tech, '1000', 4 * 24 * 60);
    await expect(techMeters.getByRole('status')).toHaveText('Reading of 1,000 h saved.');
    await addReading(tech, '1050', 2 * 24 * 60);
    await expect(techMeters.getByRole('status')).toHaveText('Reading of 1,050 h saved.');
    // 50 h in 2 days: the 1,100 h are expected today.
    await expect(tech.getByText(/Next due ≈ today \(.+\), at 1,100 h/)).toBeVisible();
    await addReading(tech, '1100');
    await expect(techMeters.getByRole('status')).toHaveText(
      `Reading of 1,100 h saved. Due now by use: ${title}.`,
    );
    const taskCard = tech.getByRole('article').filter({ has: tech.getByRole('heading', { name: title }) });
    await expect(taskCard.getByText('↑High')).toBeVisible();
    await expect(taskCard.getByText('0 of 6 steps done')).toBeVisible();

    // Opened once online, the checklist is kept on the phone; then the plant room has no signal.
    await taskCard.getByRole('link', { name: 'Work through the checklist' }).click();
    await expect(tech.getByRole('heading', { level: 2, name: STEPS.seal })).toBeVisible();
    await context.setOffline(true);
    await expect(tech.getByRole('banner').getByText('Offline')).toBeVisible();

    const seal = runnerStep(tech, STEPS.seal);
    await seal.getByRole('button', { name: 'Fail' }).click();
    await expect(seal.getByText('This step failed.')).toBeVisible();
    await seal.getByRole('button', { name: 'Open follow-up task' }).click();
    await tech
      .getByRole('dialog', { name: 'Open a follow-up task' })
      .getByRole('button', { name: 'Open follow-up task' })
      .click();
    await expect(seal.getByText(/saved on this device: it is opened/)).toBeVisible();
    const pressure = runnerStep(tech, STEPS.pressure);
    await pressure.getByLabel('Value (bar)').fill('2.1');
    await pressure.getByRole('button', { name: 'Save' }).click();
    await runnerStep(tech, STEPS.hose).getByRole('button', { name: 'Good' }).click();
    await photograph(tech, photo);
    await sign(runnerStep(tech, STEPS.sign), tech);
    await expect(tech.getByText('5 of 6 done')).toBeVisible();
    await expectNoViolations(tech, { screen: 'the runner offline, signed' });

    // Still offline: completed from the asset's page with the time, a part and the downtime.
    await tech.getByRole('link', { name: `Back to ${asset.name}` }).click();
    await taskCard.getByRole('button', { name: 'Complete with time and costs' }).click();
    const complete = tech.getByRole('dialog', { name: `Complete “${title}”` });
    await complete.getByLabel('Your time spent').fill('1:15');
    await complete.getByRole('button', { name: 'Add a cost line' }).click();
    await complete.getByLabel('Description').fill('Air end overhaul kit');
    await complete.getByLabel('Quantity').fill('1');
    await complete.getByLabel('Unit cost (EUR)').fill('9850');
    await complete.getByRole('button', { name: 'Add a cost line' }).click();
    await complete.getByLabel('Description').last().fill('Oil filter');
    await complete.getByLabel('Quantity').last().fill('2');
    await complete.getByLabel('Unit cost (EUR)').last().fill('45.50');
    await expect(complete.getByText('Total €9,941.00')).toBeVisible();
    await complete.getByLabel('Down from').fill(localInput(150));
    await complete.getByLabel('Up again at').fill(localInput(60));
    await expectNoViolations(tech, { screen: 'the completion with costs, offline' });
    await complete.getByRole('button', { name: 'Complete task' }).click();
    await expect(complete).toBeHidden();
    await expect(taskCard.getByText('Completed', { exact: true })).toBeVisible();
    const waiting = tech.getByRole('region', { name: 'Waiting to send' });
    await expect(waiting.getByText(`Complete task “${title}”`)).toBeVisible();

    // Back online: the outbox is sent in order; the follow-up task exists, linked to the step.
    await context.setOffline(false);
    await expect(waiting).toBeHidden({ timeout: 30_000 });
    await tech.reload();
    const followUp = tech
      .getByRole('article')
      .filter({ has: tech.getByRole('heading', { name: `Follow-up: ${STEPS.seal}` }) });
    await expect(followUp.getByText(`Follow-up of “${title}”, step “${STEPS.seal}”`)).toBeVisible();
    await expect(taskCard.getByText('5 of 6 steps done')).toBeVisible();
    await expect(taskCard.getByText('1 failed')).toBeVisible();
    await expect(taskCard.getByText(`${E2E_MEMBER.displayName}: 1:15 h`)).toBeVisible();
    await expect(taskCard.getByText('Total €9,941.00')).toBeVisible();
    await expect(taskCard.getByText(/^Asset down .+ – .+$/)).toBeVisible();

    const detail = await admin.get<{ events: TTaskEvent[] }>(`/api/assets/${asset.id}`);
    const task = detail.events.find((event) => event.title === title)!;
    expect(task).toMatchObject({ taskStatus: 'Completed', priority: 'high' });
    expect(detail.events.filter((event) => event.followUpOf?.eventId === task.id)).toHaveLength(1);
    const checklist = await admin.get<TTaskChecklist>(`/api/events/${task.id}/checklist`);
    expect(checklist.summary).toMatchObject({ total: 6, done: 5, failed: 1, flagged: 1 });
    const answerOf = (kind: string) =>
      checklist.responses.find(
        (response) => response.stepKey === checklist.steps.find((step) => step.kind === kind)?.key,
      );
    expect(answerOf('signature')?.doneBy?.name).toBe(E2E_MEMBER.displayName);

    // The report, as an auditor receives it: rendered by Poppler, the signature drawn in it.
    const pdf = await downloadReport(tech, taskCard.getByRole('button', { name: 'Download report (PDF)' }));
    if (await hasPdftoppm()) {
      const text = await pdfText(pdf);
      for (const label of [STEPS.seal, STEPS.sign, title, asset.name]) expect(text).toContain(label);
      expect(text).toContain(E2E_MEMBER.displayName);
      expect((await pdfPagesAsPng(pdf, 72)).length).toBeGreaterThan(0);
      const signed = await request.get(answerOf('signature')!.file!.publicUrl, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      const { width, height } = pngSize(await signed.body());
      expect(await pdfImages(pdf)).toContainEqual(expect.objectContaining({ type: 'image', width, height }));
    }
    await context.close();

    // The dashboard: the part costs and the 1:30 h the compressor was down.
    await manager.goto('/dashboard');
    const work = manager.getByRole('region', { name: 'Cost and downtime' });
    const row = work
      .getByRole('table', { name: 'Costliest assets' })
      .getByRole('row')
      .filter({ has: manager.getByRole('rowheader', { name: asset.name }) });
    await expect(row.getByRole('cell').nth(0)).toHaveText('€9,941.00');
    await expect(row.getByRole('cell').nth(1)).toHaveText('1:15 h');
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    await expect(row.getByRole('cell').nth(3)).toHaveText('1:30 h');
    await expect(work.getByText('Downtime', { exact: true }).first()).toBeVisible();
    await expectNoViolations(manager, { screen: 'the dashboard’s cost and downtime on a phone' });
    await office.close();
  } finally {
    await browser.close();
  }
});
