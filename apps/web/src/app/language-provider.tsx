import { I18nProvider } from '@lingui/react';
import { type ReactNode, useEffect } from 'react';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { activateLocale, appLocale, i18n } from '#web/lib/i18n.ts';

/**
 * Lingui's provider for the whole app, following the language the session asks for (ADR 110): a
 * change (sign-in, the profile's choice, the organization's default) loads that catalog, then every
 * screen speaks it.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const wanted = appLocale(useAuthSnapshot());
  useEffect(() => {
    void activateLocale(wanted);
  }, [wanted]);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
