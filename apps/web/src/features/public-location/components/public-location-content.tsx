import { useLingui } from '@lingui/react';
import { PRODUCT_NAME, type TPublicLocation } from '@mqr/contracts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { NextServiceDue } from '#web/components/ui/due-badge.tsx';
import { formatNumber } from '#web/lib/dates.ts';
import { signInPathFrom } from '#web/lib/return-path.ts';
import { usePublicLocation } from '../api/get-public-location.ts';
import { PUBLIC_LOCATION_TEXTS } from '../texts.ts';
import styles from './public-location.module.css';

/** A location's public page: its name and path, and its assets with their next service, overdue first. */
function PublicLocation({ location }: { location: TPublicLocation }) {
  const { _ } = useLingui();
  const organizationId = encodeURIComponent(location.organizationId);
  return (
    <div className={styles.page}>
      <title>{`${location.name} · ${PRODUCT_NAME}`}</title>
      <Card className={styles.hero}>
        <p className={styles.kicker}>{_(PUBLIC_LOCATION_TEXTS.location)}</p>
        <h1 className={styles.name}>{location.name}</h1>
        <p className={styles.path}>{location.path}</p>
        <p className={styles.muted}>{_(PUBLIC_LOCATION_TEXTS.assetCount(location.assetCount))}</p>
      </Card>
      <Card aria-labelledby="public-location-assets">
        <h2 id="public-location-assets" className={styles.sectionTitle}>
          {_(PUBLIC_LOCATION_TEXTS.assets)}
        </h2>
        {location.assets.length === 0 ? (
          <p className={styles.muted}>{_(PUBLIC_LOCATION_TEXTS.noAssets)}</p>
        ) : (
          <>
            {location.assetCount > location.assets.length ? (
              <p className={styles.muted}>
                {_(
                  PUBLIC_LOCATION_TEXTS.firstShown(
                    formatNumber(location.assets.length),
                    formatNumber(location.assetCount),
                  ),
                )}
              </p>
            ) : null}
            <ul className={styles.assets}>
              {location.assets.map((asset) => (
                <li key={asset.slug} className={styles.asset}>
                  <a
                    href={`/a/${organizationId}/${encodeURIComponent(asset.slug)}`}
                    className={styles.assetName}
                  >
                    {asset.name}
                  </a>
                  {asset.nextServiceDue ? (
                    <NextServiceDue asset={asset} className={styles.service} />
                  ) : (
                    <p className={styles.muted}>{_(PUBLIC_LOCATION_TEXTS.noService)}</p>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
    </div>
  );
}

type TPublicLocationContentProps = {
  organizationId: string;
  slug: string;
  /** The location's request, already under way (the lean public page starts it before rendering). */
  preloaded?: Promise<TPublicLocation> | undefined;
  /** The page's own path, where signing in comes back to (the router's in the app). */
  path?: string | undefined;
};

/**
 * /l/{organizationId}/{slug}: the read-only page of a location, where its organization turns public
 * location pages on (docs/product/locations.md#public-pages). No router here: the app's route and the
 * lean public page (ADR 032) both render it.
 */
export function PublicLocationContent({
  organizationId,
  slug,
  preloaded,
  path = window.location.pathname,
}: TPublicLocationContentProps) {
  const { _ } = useLingui();
  const state = usePublicLocation(organizationId, slug, preloaded);
  if (state.status === 'pending') {
    return (
      <p role="status" className={`${styles.muted} ${styles.loading}`}>
        {_(PUBLIC_LOCATION_TEXTS.loading)}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className={styles.page}>
        <title>{PRODUCT_NAME}</title>
        <h1 className={styles.visuallyHidden}>{_(PUBLIC_LOCATION_TEXTS.location)}</h1>
        <Alert tone="info">{_(PUBLIC_LOCATION_TEXTS.failed)}</Alert>
        <p>
          <a href={signInPathFrom(path)}>{_(PUBLIC_LOCATION_TEXTS.signIn)}</a>
        </p>
      </div>
    );
  }
  return <PublicLocation location={state.data} />;
}
