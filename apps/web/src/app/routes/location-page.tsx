import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '@mqr/contracts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { QueryFallback } from '#web/components/ui/offline-notice.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { AssetListView, useAssetListView } from '#web/features/assets/components/asset-list-view.tsx';
import { QrCard } from '#web/features/assets/components/qr-card.tsx';
import { ExportButton } from '#web/features/exports/index.ts';
import { useLocation } from '#web/features/locations/api/get-location.ts';
import { LocationActions } from '#web/features/locations/components/location-actions.tsx';
import { LocationBreadcrumbs } from '#web/features/locations/components/location-breadcrumbs.tsx';
import { LocationChildrenCard } from '#web/features/locations/components/location-children-card.tsx';
import { LocationDetailsCard } from '#web/features/locations/components/location-details-card.tsx';
import { PrintLocationLabelsButton } from '#web/features/locations/components/print-location-labels-button.tsx';
import { LOCATION_PAGE_TEXTS } from '#web/features/locations/texts.ts';
import { isAdminUser, useAuth, useAuthSnapshot } from '#web/lib/auth-store.ts';
import { OFFLINE_TEXTS } from '#web/lib/texts.ts';
import styles from './location-page.module.css';

/**
 * /locations/{id} (docs/product/locations.md#location-page): its path as breadcrumbs, its details
 * and rolled-up counts (features/locations), its QR code (features/assets' QR card), the locations
 * inside it, and the asset list of everything at it and below it with all the list's features
 * (features/assets' list with the location fixed). Everyone prints its labels (and those of the
 * locations inside it); administrators add, edit, move and delete it.
 */
export function LocationPage() {
  const { _ } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useLocation(id);
  const isAdmin = isAdminUser(useAuth());
  const publicPages = useAuthSnapshot().organization?.publicLocationPages === true;
  const { view } = useAssetListView(id);
  const [notice, setNotice] = useState<string | null>(null);
  const location = query.data;

  if (!location) {
    return (
      <QueryFallback
        query={query}
        loading={_(LOCATION_PAGE_TEXTS.loading)}
        failed={_(LOCATION_PAGE_TEXTS.failed)}
        offline={OFFLINE_TEXTS.page}
      />
    );
  }
  const assetsTitle = _(LOCATION_PAGE_TEXTS.assetsTitle);

  return (
    <>
      <title>{`${location.name} · ${PRODUCT_NAME}`}</title>
      <PageHeader
        title={location.name}
        actions={
          <>
            <ButtonLink to={`/assets/new?location=${encodeURIComponent(location.id)}`}>
              {_(LOCATION_PAGE_TEXTS.createAsset)}
            </ButtonLink>
            <ExportButton view={view} />
            <PrintLocationLabelsButton location={location} />
            {isAdmin ? (
              <LocationActions
                location={location}
                onDone={setNotice}
                onDeleted={() =>
                  navigate(location.parentId ? `/locations/${location.parentId}` : '/locations')
                }
              />
            ) : null}
          </>
        }
      >
        <LocationBreadcrumbs location={location} />
      </PageHeader>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <div className={styles.layout}>
        <div className={styles.column}>
          <LocationDetailsCard location={location} />
          <LocationChildrenCard location={location} />
        </div>
        <QrCard
          subject={location}
          title={_(LOCATION_PAGE_TEXTS.qrTitle)}
          actions={
            publicPages ? (
              <a
                className={styles.linkButton}
                href={new URL(location.publicUrl).pathname}
                target="_blank"
                rel="noopener"
              >
                {_(LOCATION_PAGE_TEXTS.openPublicPage)}
              </a>
            ) : (
              <p className={styles.hint}>{_(LOCATION_PAGE_TEXTS.publicOff)}</p>
            )
          }
        />
      </div>
      <section aria-labelledby="location-assets-title" className={styles.assets}>
        <h2 id="location-assets-title" className={styles.sectionTitle}>
          {assetsTitle}
        </h2>
        <AssetListView fixedLocation={location.id} emptyText={LOCATION_PAGE_TEXTS.assetsEmpty} />
      </section>
    </>
  );
}
