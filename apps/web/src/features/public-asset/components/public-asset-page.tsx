import { useParams } from 'react-router';
import { ScannedAssetMeters } from '#web/features/meters/index.ts';
import { PublicAssetContent } from './public-asset-content.tsx';

/**
 * The app's route /a/{organizationId}/{slug} (opened from inside the app, e.g. after a scan): the
 * public page, with the staff view of the asset's meters for a member of its organization.
 */
export function PublicAssetPage() {
  const { organizationId = '', slug = '' } = useParams();
  return (
    <PublicAssetContent
      organizationId={organizationId}
      slug={slug}
      staff={<ScannedAssetMeters organizationId={organizationId} slug={slug} />}
    />
  );
}
