import { DEFAULT_TIME_ZONE } from '@mqr/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { useUpdateOrganizationSettings } from '../api/update-organization-settings.ts';
import { ORGANIZATION_TEXTS } from '../texts.ts';
import styles from './organization-settings-form.module.css';

/** Every IANA time zone this browser knows, UTC first. */
function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== DEFAULT_TIME_ZONE);
  const zones = [DEFAULT_TIME_ZONE, ...known];
  return zones.includes(current) ? zones : [current, ...zones];
}

type TNotice = { tone: 'success' | 'error'; text: string };

function failureText(error: unknown): string {
  const fromServer = error instanceof ApiError && !error.isNetworkError && error.code !== 'HTTP_ERROR';
  return fromServer && error.message
    ? `${ORGANIZATION_TEXTS.settingsFailed} ${error.message}`
    : ORGANIZATION_TEXTS.settingsFailed;
}

/**
 * The organization's settings an administrator changes (docs/product/profile-and-settings.md#organization-tab):
 * its time zone, the calendar of planned maintenance.
 */
export function OrganizationSettingsForm() {
  const organization = useAuthSnapshot().organization;
  const saved = organization?.timeZone ?? DEFAULT_TIME_ZONE;
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const [notice, setNotice] = useState<TNotice | null>(null);
  const update = useUpdateOrganizationSettings();
  const selectId = useId();
  const chosen = timeZone ?? saved;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    update.mutate(
      { timeZone: chosen },
      {
        onSuccess: () => {
          setTimeZone(null);
          setNotice({ tone: 'success', text: ORGANIZATION_TEXTS.settingsSaved });
        },
        onError: (error) => setNotice({ tone: 'error', text: failureText(error) }),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label="Organization settings">
      {organization ? <p className={styles.name}>{organization.name}</p> : null}
      <SelectField
        id={selectId}
        label={ORGANIZATION_TEXTS.timeZoneLabel}
        hint={ORGANIZATION_TEXTS.timeZoneHint}
        value={chosen}
        onChange={(event) => setTimeZone(event.target.value)}
      >
        {timeZones(saved).map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </SelectField>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div>
        <Button type="submit" disabled={update.isPending || !organization}>
          {update.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}
