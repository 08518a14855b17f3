import { useLingui } from '@lingui/react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '@mqr/contracts';
import { useId, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { LANGUAGE_TEXTS } from '../texts.ts';

/** The select's value for "Organization default": no language of their own. */
const ORGANIZATION_DEFAULT = '';

/**
 * The signed-in person's language (ADR 110): one of ours, each named in itself, or the organization's
 * default. Saved when chosen; the screens then speak it at once.
 */
export function LanguageSelect() {
  const { _ } = useLingui();
  const { auth, organization } = useAuthSnapshot();
  const update = useUpdateProfile();
  const id = useId();
  const [notice, setNotice] = useState<{ tone: 'success' } | { tone: 'error'; text: string } | null>(null);
  if (!auth) return null;
  const organizationLanguage = organization?.defaultLanguage ?? auth.organizationLanguage;

  const onChange = (value: string) => {
    const language: TLanguage | null = isLanguage(value) ? value : null;
    setNotice(null);
    update.mutateAsync({ language }).then(
      () => setNotice({ tone: 'success' }),
      (error: unknown) => setNotice({ tone: 'error', text: failureMessage(_(LANGUAGE_TEXTS.failed), error) }),
    );
  };

  return (
    <>
      <SelectField
        id={id}
        label={_(LANGUAGE_TEXTS.label)}
        hint={_(LANGUAGE_TEXTS.hint)}
        value={auth.language ?? ORGANIZATION_DEFAULT}
        disabled={update.isPending}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value={ORGANIZATION_DEFAULT}>
          {organizationLanguage
            ? _(LANGUAGE_TEXTS.organizationDefault(LANGUAGE_NAMES[organizationLanguage]))
            : _(LANGUAGE_TEXTS.organizationDefault('…'))}
        </option>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </SelectField>
      {/* Said in the language just chosen: the success text is read when shown, not when saved. */}
      {notice ? (
        <Alert tone={notice.tone}>{notice.tone === 'success' ? _(LANGUAGE_TEXTS.saved) : notice.text}</Alert>
      ) : null}
    </>
  );
}
