import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '#web/lib/i18n.ts';
import { SAMPLE_DATA_TEXTS } from './texts.ts';

afterEach(() => activateLocale('en'));

describe('the sample data texts', () => {
  it('say what was removed and kept as before, in English', () => {
    expect(i18n._(SAMPLE_DATA_TEXTS.removed(2, 1))).toBe(
      'Sample data removed: 2 assets. 1 sample asset you changed was kept.',
    );
    expect(i18n._(SAMPLE_DATA_TEXTS.removed(1, 0))).toBe('Sample data removed: 1 asset.');
  });

  it('count with the language’s plurals', async () => {
    await activateLocale('fr');
    expect(i18n._(SAMPLE_DATA_TEXTS.notice(1))).toBe(
      'Cette organisation contient des données d’exemple : 1 équipement d’exemple avec leur historique et leurs planifications.',
    );
    expect(i18n._(SAMPLE_DATA_TEXTS.removed(30, 2))).toBe(
      'Données d’exemple supprimées : 30 équipements. 2 équipements d’exemple que vous avez modifiés ont été conservés.',
    );
  });
});
