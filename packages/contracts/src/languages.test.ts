import { describe, expect, it } from 'vitest';
import { isLanguage, languageOf, negotiateLanguage } from './languages.ts';

describe('negotiateLanguage', () => {
  it('takes the first preference we ship, by q-value then order', () => {
    expect(negotiateLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7')).toBe('fr');
    expect(negotiateLanguage('ja, de;q=0.5, es;q=0.9')).toBe('es');
    expect(negotiateLanguage('en-US,en;q=0.9')).toBe('en');
    expect(negotiateLanguage(['de-AT', 'en'])).toBe('de');
  });

  it('ignores what we do not ship, zero weights and garbage, and falls back', () => {
    expect(negotiateLanguage('ja, zh;q=0.8')).toBe('en');
    expect(negotiateLanguage('de;q=0, fr;q=0.1')).toBe('fr');
    expect(negotiateLanguage(';;,, q=x, *')).toBe('en');
    expect(negotiateLanguage(undefined, 'es')).toBe('es');
    expect(negotiateLanguage('', 'de')).toBe('de');
  });
});

describe('languageOf', () => {
  it("is the person's own language, else the organization's", () => {
    expect(languageOf({ language: 'de' }, { language: 'fr' })).toBe('de');
    expect(languageOf({ language: null }, { language: 'fr' })).toBe('fr');
  });
});

describe('isLanguage', () => {
  it('knows only the shipped languages', () => {
    expect(isLanguage('de')).toBe(true);
    expect(isLanguage('de-DE')).toBe(false);
    expect(isLanguage(3)).toBe(false);
  });
});
