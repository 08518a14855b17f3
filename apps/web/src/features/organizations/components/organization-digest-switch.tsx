import { REMINDER_TEXTS } from '@mqr/contracts';
import { useState } from 'react';
import { SettingSwitch, settingHint, type TSettingNotice } from '#web/components/ui/setting-switch.tsx';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { useClientConfig } from '#web/lib/client-config.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useUpdateOrganizationSettings } from '../hooks/use-update-organization-settings.ts';

/**
 * The organization's daily digest, on or off (docs/product/profile-and-settings.md#organization-tab):
 * saved when switched; the session's organization takes it at once.
 */
export function OrganizationDigestSwitch() {
  const update = useUpdateOrganizationSettings();
  const [notice, setNotice] = useState<TSettingNotice | null>(null);
  const saved = useAuthSnapshot().organization?.dailyDigest;
  const serverOff = useClientConfig().data?.emailReminders === false;
  const onChange = (dailyDigest: boolean) => {
    setNotice(null);
    update.mutate(
      { dailyDigest },
      {
        onSuccess: (organization) =>
          setNotice({
            tone: 'success',
            text: organization.dailyDigest ? REMINDER_TEXTS.organizationOn : REMINDER_TEXTS.organizationOff,
          }),
        onError: (error) => setNotice({ tone: 'error', text: failureMessage(REMINDER_TEXTS.failed, error) }),
      },
    );
  };
  return (
    <SettingSwitch
      label={REMINDER_TEXTS.organizationSwitch}
      hint={settingHint([REMINDER_TEXTS.organizationHint, serverOff && REMINDER_TEXTS.serverOff])}
      checked={saved}
      saving={update.isPending}
      notice={notice}
      onChange={onChange}
    />
  );
}
