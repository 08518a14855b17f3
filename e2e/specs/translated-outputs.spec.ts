import { pdfInfo, pdfPagesAsPng, pdfText } from '@mqr/pdf-testing';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { apiNewOrganization, apiSignIn } from '../support/api.ts';
import { E2E_ADMIN, E2E_MEMBER } from '../support/environment.ts';
import { startServerWithMail } from '../support/mail-server.ts';
import { uniqueSuffix } from '../support/run-id.ts';
import { signIn } from '../support/session.ts';

// What people read in their language beyond the screens (issue 33; ADR 110 and 111): the public page
// a QR code opens, in the browser's language; a daily digest email, in its recipient's; a label
// sheet, in the language of whoever prints it.

test('a visitor whose browser speaks French reads the public page in French, then picks German', async ({
  browser,
  request,
}) => {
  // An organization of its own, a page opened twice and reloaded: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const run = uniqueSuffix();
  const api = await apiNewOrganization(request, E2E_ADMIN, `Public page ${run}`, {
    email: `public-${run}@example.com`,
    password: 'public-page-password',
    displayName: 'Camille',
  });
  const asset = await api.post<{ id: string; slug: string; organizationId: string; name: string }>(
    '/api/assets',
    { name: `Pompe ${run}` },
  );
  await api.post(`/api/assets/${asset.id}/events`, {
    title: `Filtre ${run}`,
    performedAt: '2026-03-04T09:30:00Z',
  });
  await api.post('/api/admin/schedules', {
    assetId: asset.id,
    title: `Contrôle ${run}`,
    recurrence: { pattern: 'monthDay', every: 1, day: 14 },
    startsOn: '2041-03-14',
  });

  // A phone set to French, signed out: Chromium sends Accept-Language and navigator.languages from it.
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'UTC' });
  const page = await context.newPage();
  // The page's own catalogs (ADR 120), never the app's: catalog-<catalog>.<locale>.<hash>.js.
  const catalogs: string[] = [];
  page.on('request', (sent) => {
    const catalog = /\/catalog-([\w-]+\.[\w-]+)\.[\w-]+\.js$/.exec(new URL(sent.url()).pathname);
    if (catalog) catalogs.push(catalog[1]!);
  });
  await page.goto(`/a/${asset.organizationId}/${asset.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: asset.name })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(catalogs).toEqual(['public.fr']);
  await expect(page.getByText('Prochaine maintenance le 14 mars 2041')).toBeVisible();
  await expect(page.getByText(`Identifiant QR : ${asset.slug}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Historique de maintenance' })).toBeVisible();
  // The event's time the French way: day, month's name, 24-hour clock.
  await expect(page.getByText('4 mars 2026, 09:30')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
  await expect(page.getByText(/Next service|Maintenance history|QR slug/)).toHaveCount(0);

  // The footer's switcher: German at once, and still German on the next visit from this phone.
  const switcher = page.getByRole('combobox', { name: 'Langue' });
  await expect(switcher).toHaveValue('fr');
  await switcher.selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByText('Nächste Wartung fällig am 14.03.2041')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wartungsverlauf' })).toBeVisible();
  await expect(page.getByText('04.03.2026, 09:30')).toBeVisible();
  expect(catalogs).toEqual(['public.fr', 'public.de']);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Wartungsverlauf' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await context.close();
});

test('a German user prints a label sheet: German title, German words drawn whole', async ({
  request,
}, testInfo) => {
  const run = uniqueSuffix();
  const organizationName = `Kältetechnik Müller ${run}`;
  const api = await apiNewOrganization(request, E2E_ADMIN, organizationName, {
    email: `juergen-${run}@example.com`,
    password: 'label-printer-password',
    displayName: 'Jürgen Groß',
  });
  // Jürgen reads German: his own choice (his organization's default is English).
  await api.put('/api/auth/me', { language: 'de' });
  const room = await api.post<{ id: string }>('/api/admin/fields', {
    target: 'Asset',
    label: 'Prüfstelle',
    key: `pruefstelle_${run}`,
    dataType: 'Text',
    isPublic: true,
  });
  const asset = await api.post<{ id: string }>('/api/assets', {
    name: 'Kühlraum Süd – Verdampfer',
    fields: [{ fieldId: room.id, value: 'Erdgeschoß, Tür 3' }],
  });

  const pdf = await api.postForFile('/api/labels', {
    assetIds: [asset.id],
    layout: 'avery-l7163',
    fieldId: room.id,
  });
  const [png, ...others] = await pdfPagesAsPng(pdf, 150);
  expect(others).toHaveLength(0);
  await testInfo.attach('label sheet (German).png', { body: png!, contentType: 'image/png' });
  await testInfo.attach('label sheet (German).pdf', { body: pdf, contentType: 'application/pdf' });
  const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
  for (const words of [organizationName, 'Kühlraum Süd – Verdampfer', 'Prüfstelle: Erdgeschoß, Tür 3']) {
    expect(text).toContain(words);
  }
  // Nothing cut short (an ellipsis) or replaced as a character the font lacks (a question mark).
  expect(text).not.toMatch(/[…?]/);
  // The document's own title, in the reader's language (what a PDF viewer's title bar shows).
  expect(await pdfInfo(pdf)).toMatchObject({ Title: 'QR-Etiketten', Pages: '1' });
});

// On a server of its own with a mail server (the shared one has none: reminders.spec.ts), on an empty
// database whose demo organization no other spec touches.
test('a member who chose Spanish receives the day’s digest in Spanish', async ({ browser }) => {
  test.setTimeout(240_000);
  const mailServer = await startServerWithMail();
  const { server, smtp } = mailServer;
  const request = await playwrightRequest.newContext({ baseURL: server.baseURL });
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const admin = await apiSignIn(request, E2E_ADMIN);
    const { name: organizationName } = await admin.put<{ name: string }>('/api/admin/organization/settings', {
      timeZone: 'Europe/Madrid',
    });

    // The member picks Spanish on their profile.
    const page = await context.newPage();
    await signIn(page, E2E_MEMBER);
    await page.goto('/profile');
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Español' });
    await expect(page.getByRole('status')).toHaveText('Idioma guardado.');
    const people = await admin.get<{ id: string; displayName: string }[]>('/api/calendar/assignees');
    const member = people.find((person) => person.displayName === E2E_MEMBER.displayName);
    expect(member).toBeDefined();

    const pump = await admin.post<{ id: string }>('/api/assets', { name: 'Bomba de calor' });
    await admin.post('/api/admin/schedules', {
      assetId: pump.id,
      title: 'Revisar juntas',
      recurrence: { pattern: 'interval', every: 1, unit: 'month' },
      startsOn: '2041-05-07',
      assigneeId: member!.id,
    });
    // 07:30 in Madrid on 7 May 2041: the task is due, and the digest of the day is composed within
    // a minute (the job looks every minute) and sent.
    await admin.put('/api/test/clock', { now: '2041-05-07T05:30:00Z', freeze: true });
    await smtp.waitFor(1, 150_000);

    // The member's own digest, and only theirs: the task is theirs, nobody else has one.
    expect(smtp.received.map((message) => message.to)).toEqual([[E2E_MEMBER.email]]);
    const { mail } = smtp.received[0]!;
    await test.info().attach('digest (Spanish).txt', { body: mail.text ?? '', contentType: 'text/plain' });
    expect(mail.subject).toBe(`${organizationName}: 1 vence hoy`);
    expect(mail.text).toContain(
      `Estas son sus tareas de mantenimiento en ${organizationName} para el martes, 7 de mayo de 2041.`,
    );
    expect(mail.text).toContain('Vencen hoy (1)\n- Bomba de calor: Revisar juntas (vence el 7 may 2041)');
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).not.toMatch(/Due today|Hello/);
  } finally {
    await context.close();
    await request.dispose();
    await mailServer.stop();
  }
});
