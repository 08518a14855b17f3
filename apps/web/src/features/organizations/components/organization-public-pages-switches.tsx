import { useLingui } from '@lingui/react';
import type { TOrganizationSettingsBody } from '@mqr/contracts';
import { SettingSwitch } from '#web/components/ui/setting-switch.tsx';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { useUpdateOrganizationSettings } from '../api/update-organization-settings.ts';
import { PUBLIC_PAGES_TEXTS } from '../texts.ts';

/**
 * What the organization shows to visitors who scan its codes (docs/product/locations.md#public-pages):
 * the locations' public pages, and an asset's location on its public page; both off by default, each
 * saved when switched.
 */
export function OrganizationPublicPagesSwitches() {
  const { _ } = useLingui();
  const update = useUpdateOrganizationSettings();
  const organization = useAuthSnapshot().organization;
  const save = async (body: TOrganizationSettingsBody) => update.mutateAsync(body);
  return (
    <>
      <SettingSwitch
        label={_(PUBLIC_PAGES_TEXTS.locationPages)}
        hint={[_(PUBLIC_PAGES_TEXTS.locationPagesHint)]}
        checked={organization?.publicLocationPages}
        saving={update.isPending}
        save={async (on) => (await save({ publicLocationPages: on })).publicLocationPages}
        texts={{
          on: _(PUBLIC_PAGES_TEXTS.locationPagesOn),
          off: _(PUBLIC_PAGES_TEXTS.locationPagesOff),
          failed: _(PUBLIC_PAGES_TEXTS.failed),
        }}
      />
      <SettingSwitch
        label={_(PUBLIC_PAGES_TEXTS.assetLocation)}
        hint={[_(PUBLIC_PAGES_TEXTS.assetLocationHint)]}
        checked={organization?.publicAssetLocation}
        saving={update.isPending}
        save={async (on) => (await save({ publicAssetLocation: on })).publicAssetLocation}
        texts={{
          on: _(PUBLIC_PAGES_TEXTS.assetLocationOn),
          off: _(PUBLIC_PAGES_TEXTS.assetLocationOff),
          failed: _(PUBLIC_PAGES_TEXTS.failed),
        }}
      />
    </>
  );
}
