import { useLingui } from '@lingui/react';
import { SettingSwitch } from '#web/components/ui/setting-switch.tsx';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { useClientConfig } from '#web/lib/client-config.ts';
import { REMINDER_TEXTS } from '#web/lib/texts.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/**
 * The signed-in user's daily digest, on or off (docs/product/profile-and-settings.md#daily-digest):
 * saved when switched, audited like other profile changes.
 */
export function DailyDigestSwitch({ saved }: { saved: boolean | undefined }) {
  const { _ } = useLingui();
  const update = useUpdateProfile();
  const organizationOff = useAuthSnapshot().organization?.dailyDigest === false;
  const serverOff = useClientConfig().data?.emailReminders === false;
  return (
    <SettingSwitch
      label={_(REMINDER_TEXTS.userSwitch)}
      hint={[
        _(REMINDER_TEXTS.userHint),
        organizationOff && _(REMINDER_TEXTS.organizationOffForUsers),
        serverOff && _(REMINDER_TEXTS.serverOff),
      ]}
      checked={saved}
      saving={update.isPending}
      save={async (dailyDigest) => (await update.mutateAsync({ dailyDigest })).dailyDigest}
      texts={{
        on: _(REMINDER_TEXTS.userOn),
        off: _(REMINDER_TEXTS.userOff),
        failed: _(REMINDER_TEXTS.failed),
      }}
    />
  );
}
