import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type TLanguage,
} from '@mqr/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { useUpdateOrganizationSettings } from '../api/update-organization-settings.ts';
import { ORGANIZATION_SETTINGS_TEXTS } from '../texts.ts';
import styles from './organization-settings-form.module.css';

/** Every IANA time zone this browser knows, UTC first. */
function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== DEFAULT_TIME_ZONE);
  const zones = [DEFAULT_TIME_ZONE, ...known];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** Saved (said in the language on screen then: a new default language speaks at once), or why not. */
type TNotice = { tone: 'success' } | { tone: 'error'; text: string };

/** The ISO 4217 currencies this browser knows, each with its name in the reader's language; `saved` always among them. */
function currencies(saved: string, locale: string): { code: string; name: string }[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const codes = new Set(supported ? supported('currency') : [saved]);
  codes.add(saved);
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale || 'en'], { type: 'currency' });
  } catch {
    names = undefined;
  }
  return [...codes].sort().map((code) => ({ code, name: names?.of(code) ?? code }));
}

function failureText(error: unknown): string {
  const fromServer = error instanceof ApiError && !error.isNetworkError && error.code !== 'HTTP_ERROR';
  const failed = i18n._(ORGANIZATION_SETTINGS_TEXTS.settingsFailed);
  return fromServer && error.message ? `${failed} ${error.message}` : failed;
}

/**
 * The organization's settings an administrator changes (docs/product/profile-and-settings.md#organization-tab):
 * its time zone, the calendar of planned maintenance, and the language of its people who chose none
 * (ADR 110).
 */
export function OrganizationSettingsForm() {
  const { _ } = useLingui();
  const organization = useAuthSnapshot().organization;
  const saved = organization?.timeZone ?? DEFAULT_TIME_ZONE;
  const savedLanguage = organization?.defaultLanguage ?? DEFAULT_LANGUAGE;
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const [language, setLanguage] = useState<TLanguage | null>(null);
  const languageId = useId();
  const savedCurrency = organization?.currency ?? DEFAULT_CURRENCY;
  const [currency, setCurrency] = useState<string | null>(null);
  const currencyId = useId();
  const chosenCurrency = currency ?? savedCurrency;
  const [notice, setNotice] = useState<TNotice | null>(null);
  const update = useUpdateOrganizationSettings();
  const selectId = useId();
  const chosen = timeZone ?? saved;
  const chosenLanguage = language ?? savedLanguage;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    update.mutate(
      { timeZone: chosen, defaultLanguage: chosenLanguage, currency: chosenCurrency },
      {
        onSuccess: () => {
          setTimeZone(null);
          setLanguage(null);
          setCurrency(null);
          setNotice({ tone: 'success' });
        },
        onError: (error) => setNotice({ tone: 'error', text: failureText(error) }),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label={_(ORGANIZATION_SETTINGS_TEXTS.formLabel)}>
      {organization ? <p className={styles.name}>{organization.name}</p> : null}
      <SelectField
        id={selectId}
        label={_(ORGANIZATION_SETTINGS_TEXTS.timeZoneLabel)}
        hint={_(ORGANIZATION_SETTINGS_TEXTS.timeZoneHint)}
        value={chosen}
        onChange={(event) => setTimeZone(event.target.value)}
      >
        {timeZones(saved).map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={languageId}
        label={_(ORGANIZATION_SETTINGS_TEXTS.languageLabel)}
        hint={_(ORGANIZATION_SETTINGS_TEXTS.languageHint)}
        value={chosenLanguage}
        onChange={(event) => setLanguage(isLanguage(event.target.value) ? event.target.value : null)}
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={currencyId}
        label={_(ORGANIZATION_SETTINGS_TEXTS.currencyLabel)}
        hint={_(ORGANIZATION_SETTINGS_TEXTS.currencyHint)}
        value={chosenCurrency}
        onChange={(event) => setCurrency(event.target.value)}
      >
        {currencies(savedCurrency, i18n.locale).map(({ code, name }) => (
          <option key={code} value={code}>
            {name === code ? code : `${code} – ${name}`}
          </option>
        ))}
      </SelectField>
      {notice ? (
        <Alert tone={notice.tone}>
          {notice.tone === 'success' ? _(ORGANIZATION_SETTINGS_TEXTS.settingsSaved) : notice.text}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={update.isPending || !organization}>
          {update.isPending ? _(ORGANIZATION_SETTINGS_TEXTS.saving) : _(ORGANIZATION_SETTINGS_TEXTS.save)}
        </Button>
      </div>
    </form>
  );
}
