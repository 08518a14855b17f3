import { CALENDAR_FEED_TEXTS, TASK_STATUS_LABELS, TASK_STATUSES } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '#server/lib/i18n/translators.ts';
import { FEED_TEXTS, TASK_STATUS_TEXTS } from './feed-texts.ts';

describe('the feed’s words', () => {
  const en = translatorFor('en');

  it('are in English exactly the contracts’ texts the web app shows too', () => {
    expect(en.t(FEED_TEXTS.name, { organization: 'Acme' })).toBe(CALENDAR_FEED_TEXTS.name('Acme'));
    expect(en.t(FEED_TEXTS.description, { user: 'Ada' })).toBe(CALENDAR_FEED_TEXTS.description('Ada'));
    expect(en.t(FEED_TEXTS.planned)).toBe(CALENDAR_FEED_TEXTS.planned);
    expect(en.t(FEED_TEXTS.summary, { title: 'Oil', asset: 'Pump' })).toBe(
      CALENDAR_FEED_TEXTS.summary('Oil', 'Pump'),
    );
    for (const status of TASK_STATUSES)
      expect(en.t(TASK_STATUS_TEXTS[status])).toBe(TASK_STATUS_LABELS[status]);
  });

  it('are translated in the other languages', () => {
    expect(translatorFor('de').t(FEED_TEXTS.planned)).toBe('Geplant');
    expect(translatorFor('fr').t(TASK_STATUS_TEXTS.InProgress)).toBe('En cours');
    expect(translatorFor('es').t(FEED_TEXTS.description, { user: 'Ada' })).toBe(
      'Tareas de mantenimiento asignadas a Ada',
    );
  });
});
