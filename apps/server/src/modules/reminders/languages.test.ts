import { startTestSmtp } from '@mqr/smtp-testing';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { organizations, users } from '#server/db/schema.ts';
import { JobRunner } from '#server/jobs/job-runner.ts';
import { SettableClock } from '#server/lib/clock.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { buildTestApp } from '#server/test/build-test-app.ts';
import { createScheduleViaApi, scheduleBody } from '#server/test/schedule-fixtures.ts';
import { createTenants } from '#server/test/tenant-world.ts';
import { renderSignInSettingsAlert } from './alert-message.ts';
import { defineReminderJobs } from './jobs.ts';
import { smtpMailer } from './mailer.ts';
import { composeDailyDigests, deliverEmails } from './service.ts';

const TODAY = '2026-05-04';

// Each digest in its recipient's language (ADR 111): their own, else their organization's default,
// as they are when the message is sent. Delivered through a real SMTP server and parsed.
describe('the daily digest in its recipient’s language', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('writes Spanish to a member who chose it and German to the administrators of a German organization', async () => {
    const clock = new SettableClock();
    clock.freeze(new Date(`${TODAY}T06:00:00Z`));
    const t = await buildTestApp({}, { clock });
    cleanups.push(() => t.close());
    const w = await createTenants(t);
    const pump = await createAssetViaApi(t.app, w.headers.adminA, { name: 'Bomba' });
    const seals = scheduleBody(pump.id, { startsOn: TODAY, assigneeId: w.orgA.member.id, title: 'Juntas' });
    await createScheduleViaApi(t.app, w.headers.adminA, seals);
    await createScheduleViaApi(
      t.app,
      w.headers.adminA,
      scheduleBody(pump.id, { startsOn: TODAY, title: 'Öl' }),
    );
    clock.freeze(new Date(`${TODAY}T07:30:00Z`));

    const smtp = await startTestSmtp();
    cleanups.push(() => smtp.close());
    const mailer = smtpMailer(smtp.url, 'reminders@example.com');
    const runner = new JobRunner(t.db, t.app.log, { pollMs: 50 });
    cleanups.push(async () => {
      await runner.stop();
      mailer.close();
    });
    const deps = {
      db: t.db,
      clock,
      mailer,
      log: t.app.log,
      links: { publicBaseUrl: 'http://localhost:3000' },
    };
    // The runner is not started: it only knows the delivery queue; the delivery is run by hand.
    defineReminderJobs(runner, deps, { compose: false });
    await composeDailyDigests({ db: t.db, jobs: runner, clock });
    // Chosen after the digests were written: the language is the one of the moment they are sent.
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, w.orgA.member.id));
    await t.db
      .update(organizations)
      .set({ defaultLanguage: 'de' })
      .where(eq(organizations.id, w.orgA.organization.id));

    const delivery = { organizationId: w.orgA.organization.id, localDate: TODAY };
    expect(await deliverEmails(deps, delivery, { last: false })).toEqual({ sent: 3 });
    const mailTo = (address: string) => {
      const received = smtp.received.find((message) => message.to.includes(address));
      expect(received, address).toBeDefined();
      return received!.mail;
    };
    const orgName = w.orgA.organization.name;

    const spanish = mailTo(w.orgA.member.email);
    expect(spanish.subject).toBe(`${orgName}: 1 vence hoy`);
    expect(spanish.text).toContain(
      `Estas son sus tareas de mantenimiento en ${orgName} para el lunes, 4 de mayo de 2026.`,
    );
    expect(spanish.text).toContain('Vencen hoy (1)\n- Bomba: Juntas (vence el 4 may 2026)');
    expect(spanish.text).toContain(
      'Ver todas las tareas pendientes en su panel: http://localhost:3000/dashboard',
    );
    expect(spanish.html).toContain('<html lang="es">');
    expect(spanish.html).toContain(
      '<a href="http://localhost:3000/profile">Desactivar el resumen diario</a>',
    );

    const german = mailTo(w.orgA.admin.email);
    expect(german.subject).toBe(`${orgName}: 1 heute fällig`);
    expect(german.text).toContain(
      'Heute fällig (1)\n- Bomba: Öl (fällig am 04.05.2026, niemandem zugewiesen)',
    );
    expect(german.text).toContain('Montag, 4. Mai 2026');
    expect(german.html).toContain('<html lang="de">');
    expect(mailTo(w.superA.email).subject).toBe(german.subject);
    for (const mail of [spanish, german]) expect(mail.text).not.toMatch(/Due today|Hello/);
  });
});

describe('the sign-in settings alert in its recipient’s language', () => {
  const content = {
    organizationName: 'Acme',
    settings: 'single sign-on',
    actorName: 'Ada',
    actorEmail: 'ada@example.com',
    changedAt: '2026-05-04T07:30:00Z',
    timeZone: 'Europe/Paris',
    ipAddress: '192.0.2.1',
    changes: [{ label: 'Enabled', from: 'Off', to: 'On' }],
    recipientName: 'Bea',
  };
  const links = { publicBaseUrl: 'https://mqr.example.com' };

  it('tells the change in French, at the organization’s time', () => {
    const alert = renderSignInSettingsAlert(content, links, 'fr');
    expect(alert.subject).toBe('Acme : les paramètres de connexion ont été modifiés');
    expect(alert.text).toContain(
      'Ada (ada@example.com) a modifié les paramètres single sign-on de Acme le lundi 4 mai 2026 à 09:30 (Europe/Paris), depuis l’adresse 192.0.2.1.',
    );
    expect(alert.text).toContain('Ce qui a changé :\n- Enabled: Off → On');
    expect(alert.html).toContain('<a href="https://mqr.example.com/settings">Ouvrir les paramètres</a>');
  });

  it('stays in English word for word', () => {
    const alert = renderSignInSettingsAlert(content, links);
    expect(alert.subject).toBe('Acme: sign-in settings were changed');
    expect(alert.text).toContain(
      'Ada (ada@example.com) changed the single sign-on settings of Acme on Monday, May 4, 2026 at 9:30 AM (Europe/Paris), from the address 192.0.2.1.',
    );
  });
});
