import path from 'node:path';
import type { TestSmtp } from '@mqr/smtp-testing';
import {
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { startServerWithMail } from '../support/mail-server.ts';
import { reportProblem } from '../support/reports.ts';
import { signIn, signOut } from '../support/session.ts';

// Requests from the QR code, end to end (issue 35, docs/product/requests.md): a visitor on a phone
// reports an unsafe fault with a photo, a second visitor says "me too", staff accept it into a task
// and complete it, and the reporter is told, on the status page and by email. On a server of its own
// whose mail goes to a real SMTP server in the test (support/mail-server.ts); the shared server has none.

// The photo a phone's camera hands the page: `<input type="file" capture="environment">` opens the
// camera app, and what comes back to the page is a JPEG file in that input, as if picked from the
// gallery. Chromium's fake camera (--use-fake-device-for-media-stream) feeds getUserMedia only, never
// that input, so the file is set on the input the way the camera app would: a real 4000x3000 JPEG
// (generated once with jpeg-js, ~530 KB), the size of a phone's photo, which the page must make
// smaller (1,600 px on the long edge) before it sends it.
const CAMERA_PHOTO = path.resolve(import.meta.dirname, '../fixtures/fault-photo-4000x3000.jpg');

const REPORTER = { name: 'Cleaner on the night shift', email: 'reporter@e2e.example.com' };
const TITLE = 'Water drips onto the socket under the boiler';
const DESCRIPTION = `${TITLE}\nThe floor is wet around the plug and the socket sparks.`;

/** The proof of work is solved in the browser's workers: slow on a loaded machine. */
const SOLVING = { timeout: 60_000 };

/** axe on the page as it stands, in light then dark mode (the other specs' two schemes). */
async function expectAccessibleInBothSchemes(page: Page, screen: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoViolations(page, { soft: true, screen: `${screen} (${colorScheme})` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The message the test mail server received to `to` whose subject is `subject`, once it arrives. */
async function mailTo(smtp: TestSmtp, to: string, subject: string) {
  const find = () =>
    smtp.received.find((message) => message.to.includes(to) && message.mail.subject === subject);
  await expect
    .poll(() => find() !== undefined, { message: `an email "${subject}" to ${to}`, timeout: 60_000 })
    .toBe(true);
  return find()!.mail;
}

/** A new browser context on the spec's server, at the project's size (a phone's on the phone project). */
function newContext(browser: Browser, baseURL: string, viewport: { width: number; height: number } | null) {
  return browser.newContext({ baseURL, viewport });
}

test('a visitor reports an unsafe fault with a photo; staff accept and complete it; the reporter is told @phone', async ({
  browser,
  viewport,
}) => {
  test.setTimeout(300_000);
  const mailServer = await startServerWithMail();
  const { server, smtp } = mailServer;
  const request = await playwrightRequest.newContext({ baseURL: server.baseURL });
  const contexts: BrowserContext[] = [];
  const context = async () => {
    const opened = await newContext(browser, server.baseURL, viewport);
    contexts.push(opened);
    return opened;
  };
  try {
    const admin = await apiSignIn(request, E2E_ADMIN);
    const boiler = await admin.post<{ id: string; name: string; slug: string; organizationId: string }>(
      '/api/assets',
      { name: 'Boiler room B2 – boiler' },
    );
    const dryer = await admin.post<{ slug: string }>('/api/assets', { name: 'Laundry dryer 3' });

    // The phone's owner is signed in, signs out, and scans the boiler's QR code: its public page.
    const phone = await (await context()).newPage();
    await signIn(phone, E2E_ADMIN);
    await signOut(phone, E2E_ADMIN);
    await phone.goto(`/a/${boiler.organizationId}/${boiler.slug}`);
    await expect(phone.getByRole('heading', { level: 1, name: boiler.name })).toBeVisible();
    await phone.getByRole('button', { name: 'Report a problem' }).click();
    const form = phone.locator('form').filter({ has: phone.getByLabel('What is wrong?') });
    await expect(form.getByRole('button', { name: 'Send the report' })).toBeVisible();
    await expectAccessibleInBothSchemes(phone, 'the report form');

    await form.getByLabel('What is wrong?').fill(DESCRIPTION);
    await form.getByRole('radio', { name: 'It is unsafe' }).check();
    await form.getByLabel('Take or add a photo').setInputFiles(CAMERA_PHOTO);
    // The photo is shown once the phone made it smaller: 1,600 px on its long edge, as the server gets it.
    const thumbnail = form.getByRole('img', { name: 'Photo 1' });
    await expect(thumbnail).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
      .toEqual([1600, 1200]);
    await form.getByLabel('Name').fill(REPORTER.name);
    await form.getByLabel('Email').fill(REPORTER.email);
    await form.getByRole('button', { name: 'Send the report' }).click();

    // The receipt: it takes the focus and gives the private status link.
    const receipt = phone.getByRole('heading', { name: 'Thank you, your report was received' });
    await expect(receipt).toBeFocused(SOLVING);
    await expect(phone.getByText('You will also get the updates by email.')).toBeVisible();
    const statusLink = phone.getByRole('link', { name: new RegExp(`${server.baseURL}/r/`) });
    const statusUrl = (await statusLink.getAttribute('href'))!;
    expect(statusUrl).toMatch(/^\/r\/[\w-]+$/);
    await expectAccessibleInBothSchemes(phone, 'the receipt');

    // The reporter's email, and the administrators' alert for an unsafe report, at once.
    const received = await mailTo(smtp, REPORTER.email, `Your report about ${boiler.name} was received`);
    expect(received.text).toContain(`received your report about ${boiler.name}`);
    expect(received.text).toContain(`${server.baseURL}${statusUrl}`);
    const alert = await mailTo(smtp, E2E_ADMIN.email, `Unsafe: a problem was reported on ${boiler.name}`);
    expect(alert.text).toContain(TITLE);

    await phone.goto(statusUrl);
    await expect(phone.getByRole('heading', { level: 1, name: 'Your report' })).toBeVisible();
    await expect(phone.getByText('Received', { exact: true })).toBeVisible();
    await expect(phone.getByText(`About: ${boiler.name}`)).toBeVisible();
    await expect(phone.getByText(/Urgency: It is unsafe/)).toBeVisible();
    await expectAccessibleInBothSchemes(phone, 'the status page');

    // A second visitor, on another phone, sees it is being handled and says "me too" instead.
    const secondPhone = await (await context()).newPage();
    await secondPhone.goto(`/a/${boiler.organizationId}/${boiler.slug}`);
    await expect(
      secondPhone.getByText(/^A problem was reported on .+ and is being handled\.$/),
    ).toBeVisible();
    await secondPhone.getByRole('button', { name: 'Me too' }).click();
    await expect(secondPhone.getByText('Thank you: your "me too" was counted.')).toBeVisible(SOLVING);
    await expect(secondPhone.getByText('1 person said "me too"')).toBeVisible();
    await expect(secondPhone.getByRole('button', { name: 'Me too' })).toBeDisabled();

    // A later, milder report on another asset: newer, yet under the unsafe one.
    await reportProblem(request, boiler.organizationId, dryer.slug, {
      description: 'The door does not close well',
      urgency: 'works_badly',
    });

    // Staff: the navigation counts the waiting requests; the unsafe one is flagged at the top.
    const staff = await (await context()).newPage();
    await signIn(staff, E2E_ADMIN);
    // On a phone the navigation is behind its menu button.
    const menu = staff.getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) await menu.click();
    const requestsLink = staff
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Requests/ });
    await expect(requestsLink).toHaveAccessibleName('Requests (2 waiting, 1 unsafe)');
    await requestsLink.click();
    await expect(staff).toHaveURL(/\/requests$/);
    // Rows by their elements: on a phone the table is one block per request.
    const rows = staff.locator('table[aria-label="Requests"] tbody tr');
    await expect(rows).toHaveCount(2);
    const unsafeRow = rows.first();
    await expect(unsafeRow).toContainText('It is unsafe');
    await expect(unsafeRow).toContainText(boiler.name);
    await expect(unsafeRow).toContainText('1 photo');
    await expect(unsafeRow).toContainText('+1');
    await expect(rows.nth(1)).toContainText('It works badly');
    // Flagged red: a red edge (the theme's danger colour) on the unsafe row only.
    const edges = await rows.evaluateAll((elements) => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = 'var(--danger)';
      const danger = getComputedStyle(probe).color;
      probe.remove();
      return { danger, shadows: elements.map((row) => getComputedStyle(row).boxShadow) };
    });
    expect(edges.shadows[0]).toBe(`${edges.danger} 4px 0px 0px 0px inset`);
    expect(edges.shadows[1]).toBe('none');
    await expectAccessibleInBothSchemes(staff, 'the requests screen');

    // Accept it into a task, from its detail.
    await unsafeRow.getByRole('link', { name: new RegExp(TITLE) }).click();
    await expect(staff.getByRole('heading', { level: 1, name: boiler.name })).toBeVisible();
    await expect(staff.getByText(REPORTER.name)).toBeVisible();
    // The photo as the server keeps it: the one the phone made smaller.
    const photo = staff.getByRole('img', { name: 'Photo 1 of the report' });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
      .toEqual([1600, 1200]);
    await expectAccessibleInBothSchemes(staff, 'the request’s detail');
    await staff.getByRole('button', { name: 'Accept' }).click();
    const acceptDialog = staff.getByRole('dialog', { name: 'Accept into a new task' });
    await acceptDialog.getByRole('button', { name: 'Create the task' }).click();
    await expect(staff.getByText('Accepted: a task was created.')).toBeVisible();
    const accepted = await mailTo(smtp, REPORTER.email, `Your report about ${boiler.name} was accepted`);
    expect(accepted.text).toContain('a maintenance task was created');

    // Complete the task on the asset's page.
    await staff.getByRole('link', { name: 'Open the task' }).click();
    const task = staff.getByRole('article').filter({ has: staff.getByRole('heading', { name: TITLE }) });
    await expect(task.getByText('Pending', { exact: true })).toBeVisible();
    staff.once('dialog', async (dialog) => {
      expect(dialog.message()).toMatch(/completed now\?$/);
      await dialog.accept();
    });
    await task.getByRole('button', { name: 'Mark complete' }).click();
    await expect(task.getByText('Completed', { exact: true })).toBeVisible();

    // The reporter's status page and their email both say done; neither names anyone of the staff.
    const done = await mailTo(smtp, REPORTER.email, `Your report about ${boiler.name}: done`);
    const doneOn = /was done on (.+)\./.exec(done.text ?? '')?.[1];
    expect(doneOn, done.text).toBeDefined();
    await phone.reload();
    const doneLine = phone.getByText(/^Done on /);
    await expect(doneLine).toBeVisible();
    // The same day, written short on the page and long in the email ("Nov 29, 2026", "November 29, 2026").
    const shownOn = (await doneLine.textContent())!.replace('Done on ', '');
    expect(new Date(shownOn).toDateString()).toBe(new Date(doneOn!).toDateString());
    await expect(phone.getByText('Received', { exact: true })).toHaveCount(0);
    await expect(phone.locator('body')).not.toContainText(E2E_ADMIN.displayName);
    expect(done.text).not.toContain(E2E_ADMIN.displayName);
    await expectAccessibleInBothSchemes(phone, 'the status page, done');
  } finally {
    for (const opened of contexts) await opened.close();
    await request.dispose();
    await mailServer.stop();
  }
});
