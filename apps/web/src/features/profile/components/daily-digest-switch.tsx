import { REMINDER_TEXTS } from '@mqr/contracts';
import { useState } from 'react';
import { SettingSwitch, settingHint, type TSettingNotice } from '#web/components/ui/setting-switch.tsx';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { useClientConfig } from '#web/lib/client-config.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useUpdateProfile } from '../hooks/use-update-profile.ts';

/**
 * The signed-in user's daily digest, on or off (docs/product/profile-and-settings.md#daily-digest):
 * saved when switched, audited like other profile changes.
 */
export function DailyDigestSwitch({ saved }: { saved: boolean | undefined }) {
  const update = useUpdateProfile();
  const [notice, setNotice] = useState<TSettingNotice | null>(null);
  const organizationOff = useAuthSnapshot().organization?.dailyDigest === false;
  const serverOff = useClientConfig().data?.emailReminders === false;
  const onChange = (dailyDigest: boolean) => {
    setNotice(null);
    update.mutate(
      { dailyDigest },
      {
        onSuccess: (user) =>
          setNotice({
            tone: 'success',
            text: user.dailyDigest ? REMINDER_TEXTS.userOn : REMINDER_TEXTS.userOff,
          }),
        onError: (error) => setNotice({ tone: 'error', text: failureMessage(REMINDER_TEXTS.failed, error) }),
      },
    );
  };
  return (
    <SettingSwitch
      label={REMINDER_TEXTS.userSwitch}
      hint={settingHint([
        REMINDER_TEXTS.userHint,
        organizationOff && REMINDER_TEXTS.organizationOffForUsers,
        serverOff && REMINDER_TEXTS.serverOff,
      ])}
      checked={saved}
      saving={update.isPending}
      notice={notice}
      onChange={onChange}
    />
  );
}
