import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@mqr/contracts';
import { useId } from 'react';
import { activateLocale, storeLanguage } from '#web/lib/i18n.ts';
import styles from './language-switcher.module.css';

const LABEL = msg`Language`;

/**
 * A signed-out visitor's language (ADR 110): our languages, each named in itself, kept on this
 * device for the next visits. The pseudo-locales are never offered.
 */
export function LanguageSwitcher() {
  const { _, i18n } = useLingui();
  const id = useId();
  const current = isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
  return (
    <span className={styles.switcher}>
      <label htmlFor={id}>{_(LABEL)}</label>
      <select
        id={id}
        className={styles.select}
        value={current}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          storeLanguage(language);
          void activateLocale(language);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  );
}
