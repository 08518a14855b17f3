import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import type { ApiSession, apiSignIn } from './api.ts';
import { expectNoViolations } from './axe.ts';

// The checklist screens as the e2e specs drive them (docs/product/checklists-screens.md): the
// six-step template an administrator builds, the signature pad, the runner's step cards, and a
// phone with the field app installed (its service worker in control) for the offline runs.

/** A step's answer, as GET /api/events/{id}/checklist gives it. */
export interface TResponse {
  stepKey: string;
  outcome: string | null;
  numberValue: number | null;
  textValue: string | null;
  file: { contentType: string; publicUrl: string } | null;
  flagged: boolean;
  doneAt: string;
  doneBy: { name: string } | null;
  followUpEventId: string | null;
}
/** A task's checklist, as GET /api/events/{id}/checklist gives it. */
export interface TTaskChecklist {
  steps: { key: string; label: string; kind: string }[];
  responses: TResponse[];
  summary: { total: number; done: number; failed: number; flagged: number };
  editable: boolean;
}
/** A task as GET /api/assets/{id} lists it, with what the checklist specs check. */
export interface TTaskEvent {
  id: string;
  title: string;
  taskStatus: string;
  priority: string;
  followUpOf: { eventId: string; stepKey: string } | null;
}

/** A PNG photo of a gauge: the asset's QR image serves (any real PNG does). */
export async function photoOf(admin: ApiSession, request: Parameters<typeof apiSignIn>[0], assetId: string) {
  return (
    await request.get(`/api/assets/${assetId}/qr.png`, {
      headers: { authorization: `Bearer ${admin.token}` },
    })
  ).body();
}

/** The six steps the administrator builds, in the order the technician sees them. */
export const STEPS = {
  seal: 'Seal and pin intact',
  pressure: 'Pressure gauge reading',
  hose: 'Hose condition',
  remarks: 'Remarks',
  photo: 'Photo of the gauge',
  sign: 'Technician signature',
};

/** The editor's card of the step whose heading starts with `Step n`. */
const editorStep = (page: Page, position: number) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^Step ${position}\\b`) }) });

/** Builds the six-step template in the editor, using the keyboard to put one step in its place. */
export async function buildTemplate(page: Page, name: string) {
  await page.getByRole('link', { name: 'Checklists' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checklists' })).toBeVisible();
  await page.getByRole('link', { name: 'New checklist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New checklist' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);

  // Step 1 is there already: a check.
  await editorStep(page, 1).getByLabel('What to do or check').fill(STEPS.seal);
  const add = async (kind: string, label: string) => {
    await page.getByRole('button', { name: 'Add step' }).click();
    const labelInput = page.getByRole('listitem').last().getByLabel('What to do or check');
    await expect(labelInput).toBeFocused();
    await labelInput.fill(label);
    await page.getByRole('listitem').last().getByLabel('Kind').selectOption(kind);
    return page.getByRole('listitem', { name: new RegExp(`^Step \\d+: ${label}$`) });
  };
  // The signature is added before the photo, then moved below it with the keyboard.
  const pressure = await add('number', STEPS.pressure);
  await pressure.getByLabel('Unit').fill('bar');
  await pressure.getByLabel('Lowest acceptable').fill('1,5');
  await pressure.getByLabel('Highest acceptable').fill('2.5');
  const hose = await add('choice', STEPS.hose);
  await hose.getByLabel('Options (one per line)').fill('Good\nCracked\nMissing');
  const remarks = await add('text', STEPS.remarks);
  await remarks.getByLabel('Required').uncheck();
  await add('signature', STEPS.sign);
  await add('photo', STEPS.photo);
  // A step added by mistake, removed.
  await add('check', 'Spare step');
  await page.getByRole('button', { name: 'Remove step 7' }).click();
  await expect(page.getByText('“Spare step” removed.')).toBeAttached();

  await page.getByRole('button', { name: 'Move step 6 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Move step 5 up' })).toBeFocused();
  await expect(page.getByText(`“${STEPS.photo}” is now step 5.`)).toBeAttached();

  // A reversed range is refused under its input, and focus goes there.
  await pressure.getByLabel('Highest acceptable').fill('1');
  await page.getByRole('button', { name: 'Save checklist' }).click();
  await expect(pressure.getByLabel('Highest acceptable')).toBeFocused();
  await expect(pressure.getByLabel('Highest acceptable')).toHaveAccessibleDescription(
    'The lowest acceptable value cannot be above the highest.',
  );
  await expectNoViolations(page, { screen: 'the template editor with an error' });
  await pressure.getByLabel('Highest acceptable').fill('2.5');
  await page.getByRole('button', { name: 'Save checklist' }).click();
  await expect(page.getByText('Checklist created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Edit checklist: ${name}` })).toBeVisible();
  const versions = page.getByRole('region', { name: 'Versions' });
  await expect(versions.getByText(/^Version 1,/)).toBeVisible();
  const titles = await page
    .getByRole('region', { name: 'Steps' })
    .getByRole('heading', { level: 3 })
    .allTextContents();
  expect(titles).toEqual([
    `Step 1: ${STEPS.seal}`,
    `Step 2: ${STEPS.pressure}`,
    `Step 3: ${STEPS.hose}`,
    `Step 4: ${STEPS.remarks}`,
    `Step 5: ${STEPS.photo}`,
    `Step 6: ${STEPS.sign}`,
  ]);
  await expectNoViolations(page, { screen: 'the template editor' });
}

/** Draws a signature with the mouse on the pad. */
export async function sign(card: Locator, page: Page) {
  const pad = card.getByRole('img', { name: /Signature area/ });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad has no box.');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(box.x + 20 + step * 18, box.y + box.height * (0.6 - 0.25 * Math.sin(step / 2)));
  }
  await page.mouse.up();
  await card.getByRole('button', { name: 'Save signature' }).click();
  await expect(card.getByRole('img', { name: /^Signature for / })).toBeVisible();
}

/** Answers the template's photo step with `photo`, as the phone's camera or gallery gives it. */
export async function photograph(page: Page, photo: Buffer) {
  const card = runnerStep(page, STEPS.photo);
  await card
    .getByLabel('Take or choose a photo')
    .setInputFiles({ name: 'gauge.png', mimeType: 'image/png', buffer: photo });
  await expect(card.getByRole('img', { name: `Photo for ${STEPS.photo}` })).toBeVisible();
}

/** A step's card in the runner. */
export const runnerStep = (page: Page, label: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: label }) });

/** Clicks a "Download report (PDF)" button and answers the PDF downloaded. */
export async function downloadReport(page: Page, button: Locator): Promise<Uint8Array> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const pdf = new Uint8Array(await readFile(await download.path()));
  expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  return pdf;
}
