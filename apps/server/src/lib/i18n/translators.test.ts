import { setTimeout as sleep } from 'node:timers/promises';
import { IMPORT_SAID, LANGUAGES } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { buildFeed } from '#server/modules/calendar/ics.ts';
import { renderDigest } from '#server/modules/reminders/digest-message.ts';
import { compileCatalog } from './catalogs.ts';
import { calendarDateText } from './formats.ts';
import { translatorFor } from './translators.ts';

const greeting = /*i18n*/ { id: 'email.greeting', message: 'Hello {name},' };

const digest = (recipientName: string) => ({
  organizationName: 'Acme',
  recipientName,
  localDate: '2026-05-04',
  sections: {
    overdue: { total: 0, tasks: [] },
    dueToday: {
      total: 1,
      tasks: [
        {
          taskId: 't',
          assetId: 'a',
          assetName: 'Pump',
          title: 'Oil',
          dueOn: '2026-05-04',
          unassigned: false,
        },
      ],
    },
    dueSoon: { total: 0, tasks: [] },
  },
});

describe('translators', () => {
  it('are made once per language, each keeping its own', () => {
    for (const language of LANGUAGES) {
      expect(translatorFor(language)).toBe(translatorFor(language));
      expect(translatorFor(language).language).toBe(language);
    }
    expect(LANGUAGES.map((language) => translatorFor(language).t(greeting, { name: 'Ada' }))).toEqual([
      'Hello Ada,',
      'Guten Tag Ada,',
      'Bonjour Ada,',
      'Hola, Ada:',
    ]);
  });

  it('never mix two languages rendered at the same time', async () => {
    // Many emails and feeds in German and Spanish at once, each waiting between its parts as a
    // request waits for the database: every one is entirely in its own language.
    const render = async (language: 'de' | 'es', index: number) => {
      await sleep(index % 3);
      const email = renderDigest(digest(`P${index}`), { publicBaseUrl: 'https://mqr.example.com' }, language);
      await sleep((index + 1) % 2);
      const feed = await buildFeed({
        language,
        organizationName: 'Acme',
        userName: `P${index}`,
        timeZone: 'UTC',
        publicBaseUrl: 'https://mqr.example.com',
        rows: [],
      });
      return { language, email, feed };
    };
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) => render(index % 2 === 0 ? 'de' : 'es', index)),
    );
    for (const { language, email, feed } of results) {
      if (language === 'de') {
        expect(email.subject).toBe('Acme: 1 heute fällig');
        expect(email.text).toMatch(
          /^Guten Tag P\d+,\n\nHier sind Ihre Wartungsaufgaben bei Acme für Montag, 4\. Mai 2026\./,
        );
        expect(feed).toContain('X-WR-CALNAME:Wartungsaufgaben · Acme');
        expect(email.text).not.toMatch(/Hola|vence|tareas/);
      } else {
        expect(email.subject).toBe('Acme: 1 vence hoy');
        expect(email.text).toMatch(
          /^Hola, P\d+:\n\nEstas son sus tareas de mantenimiento en Acme para el lunes, 4 de mayo de 2026\./,
        );
        expect(feed).toContain('X-WR-CALNAME:Tareas de mantenimiento · Acme');
        expect(email.text).not.toMatch(/Guten|fällig|Wartung/);
      }
    }
  });
});

describe('the API messages of the contracts (ADR 121)', () => {
  it('are worded by their id in each language; a text of no message, or of an id not known, stays as it came', () => {
    const said = IMPORT_SAID.slugTwice(2);
    expect(LANGUAGES.map((language) => translatorFor(language).word(said))).toEqual([
      'This slug is already used by row 2 of the file.',
      'Diese Kennung wird bereits in Zeile 2 der Datei verwendet.',
      'Cet identifiant est déjà utilisé à la ligne 2 du fichier.',
      'Este identificador ya se usa en la fila 2 del archivo.',
    ]);
    expect(translatorFor('de').word({ message: 'A sentence stored before ids.' })).toBe(
      'A sentence stored before ids.',
    );
    expect(translatorFor('fr').word({ message: 'Newer.', messageId: 'future.unknown' })).toBe('Newer.');
  });
});

describe('catalogs', () => {
  it('leave out a message not translated yet: the English of the code’s descriptor is used for it', () => {
    const messages = compileCatalog(
      'msgid "email.greeting"\nmsgstr ""\n\nmsgid "digest.due"\nmsgstr "fällig am {date}"\n',
    );
    expect(Object.keys(messages)).toEqual(['digest.due']);
  });
});

describe('dates', () => {
  it('are written as each language writes them, on the organization’s calendar date', () => {
    expect(LANGUAGES.map((language) => calendarDateText(language, '2026-05-04'))).toEqual([
      'May 4, 2026',
      '04.05.2026',
      '4 mai 2026',
      '4 may 2026',
    ]);
  });
});
