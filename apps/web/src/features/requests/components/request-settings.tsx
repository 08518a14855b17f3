import { useLingui } from '@lingui/react';
import {
  REQUEST_TRIAGE_ROLES,
  type TOrganizationSettingsBody,
  type TRequestTriageRole,
} from '@mqr/contracts';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { SettingSwitch } from '#web/components/ui/setting-switch.tsx';
import { useUpdateOrganizationSettings } from '#web/features/organizations/index.ts';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { REQUEST_TEXTS } from '../texts.ts';

const ROLE_WORDS = { member: REQUEST_TEXTS.triageMembers, admin: REQUEST_TEXTS.triageAdmins } as const;

/**
 * The organization's problem reports (docs/product/requests.md#settings): "Report a problem" on the
 * public pages, open reports shown there, and who triages; each saved when changed.
 */
export function RequestSettings() {
  const { _ } = useLingui();
  const update = useUpdateOrganizationSettings();
  const organization = useAuthSnapshot().organization;
  const [roleNotice, setRoleNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = async (body: TOrganizationSettingsBody) => update.mutateAsync(body);
  const texts = {
    on: _(REQUEST_TEXTS.settingsSaved),
    off: _(REQUEST_TEXTS.settingsSaved),
    failed: _(REQUEST_TEXTS.settingsFailed),
  };
  return (
    <>
      <p>{_(REQUEST_TEXTS.settingsHint)}</p>
      <SettingSwitch
        label={_(REQUEST_TEXTS.reportingEnabled)}
        hint={[]}
        checked={organization?.reportingEnabled}
        saving={update.isPending}
        save={async (on) => (await save({ reportingEnabled: on })).reportingEnabled}
        texts={texts}
      />
      <SettingSwitch
        label={_(REQUEST_TEXTS.showOpenReports)}
        hint={[]}
        checked={organization?.showOpenReports}
        saving={update.isPending}
        save={async (on) => (await save({ showOpenReports: on })).showOpenReports}
        texts={texts}
      />
      <SelectField
        label={_(REQUEST_TEXTS.triageRole)}
        value={organization?.requestTriageRole ?? 'member'}
        disabled={update.isPending}
        onChange={(event) => {
          setRoleNotice(null);
          save({ requestTriageRole: event.target.value as TRequestTriageRole }).then(
            () => setRoleNotice({ tone: 'success', text: texts.on }),
            (error: unknown) => setRoleNotice({ tone: 'error', text: failureMessage(texts.failed, error) }),
          );
        }}
      >
        {REQUEST_TRIAGE_ROLES.map((role) => (
          <option key={role} value={role}>
            {_(ROLE_WORDS[role])}
          </option>
        ))}
      </SelectField>
      {roleNotice ? <Alert tone={roleNotice.tone}>{roleNotice.text}</Alert> : null}
    </>
  );
}
