import { beforeEach, describe, expect, it } from 'vitest';
import { activateLocale, catalogsByLocale, i18n } from './i18n.ts';

// The last language asked for is the one spoken, however the catalogs' downloads overlap.

describe('activateLocale', () => {
  beforeEach(async () => {
    await activateLocale('en');
  });

  it('keeps the language spoken when it is asked for again while another catalog still downloads', async () => {
    const german = activateLocale('de');
    await activateLocale('en');
    await german;
    expect(i18n.locale).toBe('en');
  });

  it('speaks the later of two languages asked for one after the other', async () => {
    const french = activateLocale('fr');
    const spanish = activateLocale('es');
    await Promise.all([french, spanish]);
    expect(i18n.locale).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });
});

describe('catalogsByLocale', () => {
  const load = (locale: string) => () => Promise.resolve({ messages: { id: [locale] } });
  const files = Object.fromEntries(
    ['en', 'de', 'fr', 'es', 'pseudo', 'pseudo-ar'].map((locale) => [
      `../locales/${locale}/public.po`,
      load(locale),
    ]),
  );

  it('answers each locale’s catalog by its folder', async () => {
    const catalogs = catalogsByLocale(files);
    expect((await catalogs['pseudo-ar']()).messages).toEqual({ id: ['pseudo-ar'] });
    expect((await catalogs.de()).messages).toEqual({ id: ['de'] });
  });

  it('fails when a locale has no catalog', () => {
    const { '../locales/fr/public.po': _french, ...withoutFrench } = files;
    expect(() => catalogsByLocale(withoutFrench)).toThrow('No catalog for fr');
  });
});
