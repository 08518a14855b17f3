import { expect, type Page, test } from '@playwright/test';
import { apiSignIn } from '../support/api.ts';
import { expectNoViolations } from '../support/axe.ts';
import { E2E_ADMIN } from '../support/environment.ts';
import { localInput } from '../support/local-time.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

// Meters and usage-based service (docs/product/meters.md, ADRs 137-138), on a desktop and a phone.

async function addReading(page: Page, value: string, readAt?: string) {
  await page.getByRole('button', { name: 'Add reading' }).click();
  const dialog = page.getByRole('dialog', { name: /New reading of/ });
  await dialog.getByLabel('Reading (h)').fill(value);
  if (readAt) await dialog.getByLabel('Read at').fill(readAt);
  return dialog;
}

test('an administrator adds a meter, readings make a usage schedule’s task due, with its projection and chart @phone', async ({
  page,
}) => {
  const run = uniqueSuffix();
  const api = await apiSignIn(page.request, E2E_ADMIN);
  const asset = await api.post<{ id: string }>('/api/assets', { name: `Generator ${run}` });
  await signIn(page, E2E_ADMIN);
  await page.goto(`/assets/${asset.id}`);

  const meters = page.getByRole('region', { name: 'Meters' });
  await expect(meters.getByText('No meters yet.')).toBeVisible();
  await meters.getByRole('button', { name: 'Add meter' }).click();
  const form = page.getByRole('dialog', { name: 'Add meter' });
  await form.getByLabel('Name').fill('Engine hours');
  await form.getByLabel('Unit').fill('h');
  await expectNoViolations(page, { screen: 'the meter form' });
  await form.getByRole('button', { name: 'Save meter' }).click();
  await expect(form).toBeHidden();

  // Ten days ago at 1,000 h, now at 1,080 h: 8 h a day.
  let dialog = await addReading(page, '1000', localInput(10 * 24 * 60));
  await dialog.getByRole('button', { name: 'Save reading' }).click();
  await expect(meters.getByRole('status')).toHaveText('Reading of 1,000 h saved.');
  dialog = await addReading(page, '1080');
  await expectNoViolations(page, { screen: 'the reading form' });
  await dialog.getByRole('button', { name: 'Save reading' }).click();
  await expect(meters.getByRole('status')).toHaveText('Reading of 1,080 h saved.');
  await expect(meters.getByText('About 8 h a day')).toBeVisible();
  await expect(
    meters.getByRole('img', { name: /Engine hours: the last 2 readings, from 1,000 h on/ }),
  ).toBeVisible();

  // A backwards reading is refused under its value.
  dialog = await addReading(page, '900');
  await dialog.getByRole('button', { name: 'Save reading' }).click();
  await expect(dialog.getByLabel('Reading (h)')).toHaveAccessibleDescription(
    /A reading cannot be lower than the last one \(1,080 h\)/,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Every 250 h counted from 1,000 h: due at 1,250 h, about 21 days away at 8 h a day.
  const planned = page.getByRole('region', { name: 'Planned maintenance' });
  await planned.getByRole('button', { name: 'Add schedule' }).click();
  const schedule = page.getByRole('dialog', { name: 'Add schedule' });
  await schedule.getByLabel('Title').fill(`Oil change ${run}`);
  await schedule.getByLabel('By use', { exact: true }).check();
  await schedule.getByLabel('Meter', { exact: true }).selectOption({ label: 'Engine hours (h)' });
  await schedule.getByLabel('Every (h)').fill('250');
  await schedule.getByLabel('Count from reading (h, optional)').fill('1000');
  await expectNoViolations(page, { screen: 'the usage schedule form' });
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(schedule).toBeHidden();
  await expect(planned.getByText(/Every 250 h of Engine hours/)).toBeVisible();
  await expect(planned.getByText(/Next due ≈ in (21|22) days \(.+\), at 1,250 h/)).toBeVisible();

  // 1,260 h now is far more than 8 h a day: confirmed, it makes the task due at once.
  dialog = await addReading(page, '1260');
  await dialog.getByRole('button', { name: 'Save reading' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Is this reading right?');
  await dialog.getByRole('button', { name: 'Yes, save it' }).click();
  await expect(meters.getByRole('status')).toHaveText(
    `Reading of 1,260 h saved. Due now by use: Oil change ${run}.`,
  );
  await expect(planned.getByText('The count starts again when its open task is completed.')).toBeVisible();
  const events = page.getByRole('region', { name: /Maintenance events/ });
  await expect(events.getByRole('heading', { name: `Oil change ${run}` })).toBeVisible();
  await expect(
    meters.getByRole('img', { name: /the last 3 readings, from 1,000 h on .* to 1,260 h on/ }),
  ).toBeVisible();
  await expectNoViolations(page, { screen: 'the asset page with a meter and a usage schedule' });
});
