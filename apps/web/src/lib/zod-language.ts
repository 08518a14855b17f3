import { i18n } from '@lingui/core';
import { config } from 'zod/v4/core';
import de from 'zod/v4/locales/de.js';
import en from 'zod/v4/locales/en.js';
import es from 'zod/v4/locales/es.js';
import fr from 'zod/v4/locales/fr.js';

/**
 * zod's own messages (a field with no message of ours, checked in the browser) in the active
 * language (ADR 113): zod's locale follows Lingui's. The pseudo-locales keep English. Only the
 * signed-in app loads this; the public page checks no forms (ADR 032).
 */
const ZOD_LOCALES: Record<string, () => Parameters<typeof config>[0]> = { en, de, fr, es };

function followLanguage(): void {
  config((ZOD_LOCALES[i18n.locale] ?? en)());
}

followLanguage();
i18n.on('change', followLanguage);
