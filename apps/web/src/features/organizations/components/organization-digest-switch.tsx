import { useLingui } from '@lingui/react';
import { SettingSwitch } from '#web/components/ui/setting-switch.tsx';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { useClientConfig } from '#web/lib/client-config.ts';
import { REMINDER_TEXTS } from '#web/lib/texts.ts';
import { useUpdateOrganizationSettings } from '../api/update-organization-settings.ts';

/**
 * The organization's daily digest, on or off (docs/product/profile-and-settings.md#organization-tab):
 * saved when switched; the session's organization takes it at once.
 */
export function OrganizationDigestSwitch() {
  const { _ } = useLingui();
  const update = useUpdateOrganizationSettings();
  const saved = useAuthSnapshot().organization?.dailyDigest;
  const serverOff = useClientConfig().data?.emailReminders === false;
  return (
    <SettingSwitch
      label={_(REMINDER_TEXTS.organizationSwitch)}
      hint={[_(REMINDER_TEXTS.organizationHint), serverOff && _(REMINDER_TEXTS.serverOff)]}
      checked={saved}
      saving={update.isPending}
      save={async (dailyDigest) => (await update.mutateAsync({ dailyDigest })).dailyDigest}
      texts={{
        on: _(REMINDER_TEXTS.organizationOn),
        off: _(REMINDER_TEXTS.organizationOff),
        failed: _(REMINDER_TEXTS.failed),
      }}
    />
  );
}
