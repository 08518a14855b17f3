import { i18n, type Messages } from '@lingui/core';
import { isLanguage, LANGUAGES, languageOf, negotiateLanguage, type TLanguage } from '@mqr/contracts';
import type { TAuthSnapshot } from './auth-store.ts';
import { safeLocalStorage } from './safe-local-storage.ts';

/**
 * The language the screens speak (ADR 109, ADR 110, docs/translating.md): Lingui's `i18n`, one
 * catalog per language loaded on demand, `<html lang>` and `dir` following it.
 */

/** The pseudo-locales: for development and the e2e tests, chosen by `?lang=`, never by users. */
export const PSEUDO_LOCALES = ['pseudo', 'pseudo-ar'] as const;
export type TLocale = TLanguage | (typeof PSEUDO_LOCALES)[number];

/** localStorage key of the language a signed-out visitor chose in a switcher (one of LANGUAGES). */
export const LANGUAGE_STORAGE_KEY = 'mqr.language';
/** localStorage key of a locale forced by `?lang=` (any locale, pseudo-locales too) until `?lang=` clears it. */
export const LOCALE_OVERRIDE_STORAGE_KEY = 'mqr.locale-override';

/** One catalog per locale, each downloaded (its own small chunk) when its language is spoken. */
export type TCatalogs = Record<TLocale, () => Promise<{ messages: Messages }>>;

/**
 * A catalog's files by locale, from Vite's `import.meta.glob` of `../locales/<locale>/<name>.po`:
 * each stays its own chunk. Fails when a locale has none (a language added without its catalog).
 */
export function catalogsByLocale(files: Record<string, () => Promise<{ messages: Messages }>>): TCatalogs {
  const byLocale = new Map(
    Object.entries(files).map(([file, load]) => [/\/locales\/([^/]+)\/[^/]+\.po$/.exec(file)?.[1], load]),
  );
  const catalogs = {} as TCatalogs;
  for (const locale of [...LANGUAGES, ...PSEUDO_LOCALES]) {
    const load = byLocale.get(locale);
    if (!load) throw new Error(`No catalog for ${locale} among ${Object.keys(files).join(', ')}.`);
    catalogs[locale] = load;
  }
  return catalogs;
}

let catalogs: TCatalogs | null = null;

/**
 * The catalogs `activateLocale` downloads from: the app's (lib/app-catalogs.ts, every message), or
 * the lean public page's own (lib/public-catalogs.ts, its messages only, ADR 120). Each page says
 * which before its first `activateLocale`, so that the public page's code never names the app's.
 */
export function speakFrom(chosen: TCatalogs): void {
  catalogs = chosen;
}

export function isLocale(value: unknown): value is TLocale {
  return isLanguage(value) || (PSEUDO_LOCALES as readonly unknown[]).includes(value);
}

/** The locale `Intl` formats dates and numbers with: the pseudo-locales borrow a real one (lib/dates.ts does the same). */
export function intlLocale(locale: string = i18n.locale): string {
  if (locale === 'pseudo') return 'en';
  if (locale === 'pseudo-ar') return 'ar';
  return locale || 'en';
}

/** Writing direction of a locale. */
export function directionOf(locale: TLocale): 'ltr' | 'rtl' {
  return locale === 'pseudo-ar' ? 'rtl' : 'ltr';
}

/**
 * A locale forced for development or a test: `?lang=<locale>` in the address (kept in localStorage
 * for the next pages; `?lang=` with no value forgets it), else the one kept.
 */
export function localeOverride(
  search: string = typeof window === 'undefined' ? '' : window.location.search,
): TLocale | null {
  const storage = safeLocalStorage();
  const params = new URLSearchParams(search);
  if (params.has('lang')) {
    const asked = params.get('lang');
    try {
      if (isLocale(asked)) storage?.setItem(LOCALE_OVERRIDE_STORAGE_KEY, asked);
      else storage?.removeItem(LOCALE_OVERRIDE_STORAGE_KEY);
    } catch {
      // storage unavailable: the address still applies to this page
    }
    return isLocale(asked) ? asked : null;
  }
  try {
    const kept = storage?.getItem(LOCALE_OVERRIDE_STORAGE_KEY);
    return isLocale(kept) ? kept : null;
  } catch {
    return null;
  }
}

/** The language a signed-out visitor chose in a switcher, if any. */
export function storedLanguage(): TLanguage | null {
  try {
    const value = safeLocalStorage()?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps a visitor's choice for their next visits (public page, sign-in page). */
export function storeLanguage(language: TLanguage): void {
  try {
    safeLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable: the choice holds for this page only
  }
}

/** Before sign-in and on the public page: the override, the visitor's choice, else the browser's languages. */
export function visitorLocale(): TLocale {
  return (
    localeOverride() ??
    storedLanguage() ??
    negotiateLanguage(typeof navigator === 'undefined' ? undefined : navigator.languages)
  );
}

let pending: { locale: TLocale; promise: Promise<void> } | null = null;

/**
 * Downloads `locale`'s catalog (only that one) and makes it the active language; `<html lang>` and
 * `dir` follow. The pseudo-locales stay forced by an override whatever is asked.
 */
export function activateLocale(asked: TLocale): Promise<void> {
  const locale = localeOverride() ?? asked;
  if (i18n.locale === locale) {
    pending = null; // asking for the language already spoken again cancels a download still under way
    return Promise.resolve();
  }
  if (pending?.locale === locale) return pending.promise;
  if (!catalogs) throw new Error('No catalogs to speak from: call speakFrom() first.');
  const promise = catalogs[locale]().then(({ messages }) => {
    if (pending?.locale !== locale) return; // a later choice won
    pending = null;
    i18n.loadAndActivate({ locale, locales: [intlLocale(locale)], messages });
    if (typeof document !== 'undefined') {
      document.documentElement.lang =
        locale === 'pseudo' ? 'en-XA' : locale === 'pseudo-ar' ? 'ar-XB' : locale;
      document.documentElement.dir = directionOf(locale);
    }
  });
  pending = { locale, promise };
  return promise;
}

/**
 * The language the app speaks (ADR 110): signed in, the person's own, else their organization's
 * (languageOf); before GET /api/auth/me has told the organization's, the person's or the visitor's;
 * signed out, the visitor's. An override (`?lang=`) wins over all of them.
 */
export function appLocale(snapshot: TAuthSnapshot): TLocale {
  const { auth, organization } = snapshot;
  if (!auth) return visitorLocale();
  const organizationLanguage = organization?.defaultLanguage ?? auth.organizationLanguage;
  if (!organizationLanguage) return localeOverride() ?? auth.language ?? visitorLocale();
  return localeOverride() ?? languageOf({ language: auth.language }, { language: organizationLanguage });
}

export { i18n, LANGUAGES };
