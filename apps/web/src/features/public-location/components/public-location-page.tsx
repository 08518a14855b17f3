import { useLingui } from '@lingui/react';
import { Navigate, useParams, useLocation as useRouterLocation } from 'react-router';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { useLocation } from '#web/features/locations/index.ts';
import { useAuth } from '#web/lib/auth-store.ts';
import { PUBLIC_LOCATION_TEXTS } from '../texts.ts';
import { PublicLocationContent } from './public-location-content.tsx';

/**
 * The app's route /l/{organizationId}/{slug}, what a location's QR code opens: its staff page for a
 * signed-in member of its organization (found by the code's slug), the public page for anyone else
 * (docs/product/locations.md#public-pages).
 */
export function PublicLocationPage() {
  const { _ } = useLingui();
  const { organizationId = '', slug = '' } = useParams();
  const { pathname } = useRouterLocation();
  const auth = useAuth();
  const staff = auth?.organizationId.toLowerCase() === organizationId.toLowerCase();
  const own = useLocation(staff ? slug : undefined);
  if (staff && own.data) return <Navigate to={`/locations/${own.data.id}`} replace />;
  if (staff && own.isPending) return <StateMessage>{_(PUBLIC_LOCATION_TEXTS.loading)}</StateMessage>;
  return <PublicLocationContent organizationId={organizationId} slug={slug} path={pathname} />;
}
