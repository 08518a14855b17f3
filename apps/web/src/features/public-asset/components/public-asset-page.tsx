import { useParams } from 'react-router';
import { PublicAssetContent } from './public-asset-content.tsx';

/** The app's route /a/{organizationId}/{slug} (opened from inside the app, e.g. after a scan). */
export function PublicAssetPage() {
  const { organizationId = '', slug = '' } = useParams();
  return <PublicAssetContent organizationId={organizationId} slug={slug} />;
}
