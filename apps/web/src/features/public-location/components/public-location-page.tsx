import { useLocation, useParams } from 'react-router';
import { PublicLocationContent } from './public-location-content.tsx';

/** The app's route /l/{organizationId}/{slug} (opened from inside the app, e.g. after a scan). */
export function PublicLocationPage() {
  const { organizationId = '', slug = '' } = useParams();
  const { pathname } = useLocation();
  return <PublicLocationContent organizationId={organizationId} slug={slug} path={pathname} />;
}
