import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { OfflineSeenAt, QueryFallback } from '#web/components/ui/offline-notice.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Translated } from '#web/components/ui/translated.tsx';
import { assetKeys } from '#web/features/assets/api/asset-keys.ts';
import { useAsset } from '#web/features/assets/api/get-asset.ts';
import { AssetComponentsCard } from '#web/features/assets/components/asset-components-card.tsx';
import { AssetMovesCard } from '#web/features/assets/components/asset-moves-card.tsx';
import { AssetPlace } from '#web/features/assets/components/asset-place.tsx';
import { RetireAssetButton, RetiredAssetNotice } from '#web/features/assets/components/asset-retirement.tsx';
import { MoveAssetButton } from '#web/features/assets/components/move-asset-button.tsx';
import { QrCard } from '#web/features/assets/components/qr-card.tsx';
import { ASSET_TEXTS } from '#web/features/assets/texts.ts';
import { taskKeys } from '#web/features/events/api/task-keys.ts';
import { MaintenanceEventsSection } from '#web/features/events/components/maintenance-events-section.tsx';
import { FieldValueList } from '#web/features/fields/index.ts';
import { PrintLabelsButton } from '#web/features/labels/index.ts';
import { meterKeys } from '#web/features/meters/api/meter-keys.ts';
import { AssetMetersCard } from '#web/features/meters/components/asset-meters-card.tsx';
import { QueuedWrites } from '#web/features/offline/index.ts';
import { scheduleKeys } from '#web/features/schedules/api/schedule-keys.ts';
import { AssetSchedulesCard } from '#web/features/schedules/components/asset-schedules-card.tsx';
import { isAdminUser, useAuth } from '#web/lib/auth-store.ts';
import { OFFLINE_TEXTS } from '#web/lib/texts.ts';
import styles from './asset-detail-page.module.css';

/** The asset page's own words; its cards' are their features'. */
export const ASSET_PAGE_TEXTS = {
  loading: msg`Loading asset...`,
  openPublicPage: msg`Open public page`,
  edit: msg`Edit asset`,
  /** <0> holds the slug (and <1> the external ID) as code. */
  slug: (slug: string) => msg`Slug: <0>${slug}</0>`,
  slugAndExternalId: (slug: string, externalId: string) =>
    msg`Slug: <0>${slug}</0> · External ID: <1>${externalId}</1>`,
  details: msg`Asset details`,
  noFields: msg`No custom fields recorded.`,
  printLabel: msg`Print label`,
};

/**
 * /assets/{id}: header (with where the asset is and what it is part of), "Asset details", the QR card
 * and retirement (features/assets), "Print label" (features/labels), "Meters" (features/meters),
 * "Planned maintenance" (features/schedules), its "Components" (features/assets), the maintenance events (features/events)
 * and its "Location history" (features/assets). A retired asset is read-only: no edit, no new event, no task actions, no label,
 * no schedule change.
 */
export function AssetDetailPage() {
  const { _ } = useLingui();
  const { id } = useParams();
  const query = useAsset(id);
  const isAdmin = isAdminUser(useAuth());
  const queryClient = useQueryClient();
  // A schedule saved or resumed may create its task at once, and moves the next service due.
  const reloadAfterSchedule = () => {
    if (id) void queryClient.invalidateQueries({ queryKey: assetKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    // A schedule's usage trigger counts on the meters (ADR 138).
    void queryClient.invalidateQueries({ queryKey: meterKeys.all });
  };
  // A reading may make a usage schedule's task due (its asset's events) and moves the projections.
  const reloadAfterReading = () => {
    if (id) void queryClient.invalidateQueries({ queryKey: assetKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  };

  if (!id) {
    return (
      <Alert>
        <Translated message={ASSET_TEXTS.detailMissingId} />
      </Alert>
    );
  }
  // The data whenever there is some: read now, or kept on this device and shown offline (ADR 090).
  const asset = query.data;
  if (!asset) {
    return (
      <QueryFallback
        query={query}
        loading={_(ASSET_PAGE_TEXTS.loading)}
        failed={_(ASSET_TEXTS.detailFailed)}
        offline={OFFLINE_TEXTS.asset}
      />
    );
  }
  const retired = asset.retiredAt !== null;
  const publicPath = `/a/${encodeURIComponent(asset.organizationId)}/${encodeURIComponent(asset.slug)}`;

  return (
    <>
      <title>{`${asset.name} · ${PRODUCT_NAME}`}</title>
      <PageHeader
        title={asset.name}
        actions={
          <>
            <a className={styles.linkButton} href={publicPath} target="_blank" rel="noopener">
              {_(ASSET_PAGE_TEXTS.openPublicPage)}
            </a>
            {isAdmin && !retired ? <RetireAssetButton asset={asset} /> : null}
            {retired ? null : <MoveAssetButton asset={asset} />}
            {retired ? null : (
              <ButtonLink to={`/assets/${asset.id}/edit`}>{_(ASSET_PAGE_TEXTS.edit)}</ButtonLink>
            )}
          </>
        }
      >
        {asset.description ? <p className={styles.description}>{asset.description}</p> : null}
        <p className={styles.slug}>
          <Trans
            {...(asset.externalId
              ? ASSET_PAGE_TEXTS.slugAndExternalId(asset.slug, asset.externalId)
              : ASSET_PAGE_TEXTS.slug(asset.slug))}
            components={{ 0: <code />, 1: <code /> }}
          />
        </p>
        <AssetPlace asset={asset} />
        <OfflineSeenAt at={query.dataUpdatedAt} />
      </PageHeader>
      {retired ? <RetiredAssetNotice asset={asset} canManage={isAdmin} /> : null}
      <div className={styles.layout}>
        <Card aria-labelledby="asset-details-title" className={styles.detailsCard}>
          <h2 id="asset-details-title" className={styles.cardTitle}>
            {_(ASSET_PAGE_TEXTS.details)}
          </h2>
          {asset.fields.length > 0 ? (
            <FieldValueList fields={asset.fields} />
          ) : (
            <p className={styles.muted}>{_(ASSET_PAGE_TEXTS.noFields)}</p>
          )}
        </Card>
        <QrCard
          subject={asset}
          actions={
            retired ? null : (
              <PrintLabelsButton source={{ assetIds: [asset.id] }} count={1}>
                {_(ASSET_PAGE_TEXTS.printLabel)}
              </PrintLabelsButton>
            )
          }
        />
      </div>
      <QueuedWrites assetId={asset.id} />
      <AssetMetersCard
        assetId={asset.id}
        canManage={isAdmin && !retired}
        canRead={!retired}
        onChanged={reloadAfterReading}
        className={styles.section}
      />
      <AssetSchedulesCard
        asset={asset}
        canManage={isAdmin && !retired}
        onChanged={reloadAfterSchedule}
        className={styles.section}
      />
      <AssetComponentsCard asset={asset} className={styles.section} />
      <MaintenanceEventsSection asset={asset} readOnly={retired} canDelete={isAdmin} />
      <AssetMovesCard assetId={asset.id} className={styles.afterEvents} />
    </>
  );
}
