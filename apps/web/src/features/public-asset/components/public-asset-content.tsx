import { useLingui } from '@lingui/react';
import { PRODUCT_NAME, type TPublicAsset } from '@mqr/contracts';
import { type ReactNode, useCallback, useMemo } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { AttachmentList } from '#web/components/ui/attachment-list.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { NextServiceDue } from '#web/components/ui/due-badge.tsx';
import { EVENT_HISTORY_TEXTS, OlderEvents, PublicEventList } from '#web/features/events/index.ts';
import { FieldValueList } from '#web/features/fields/index.ts';
import { useOlderPages } from '#web/lib/use-older-pages.ts';
import { usePublicAsset } from '../api/get-public-asset.ts';
import { getPublicEventPage } from '../api/get-public-event-page.ts';
import { PUBLIC_ASSET_TEXTS } from '../texts.ts';
import styles from './public-asset-page.module.css';
import { ReportProblem } from './report-problem.tsx';

function PublicAsset({ asset, staff }: { asset: TPublicAsset; staff?: ReactNode }) {
  const { _ } = useLingui();
  const firstPage = useMemo(
    () => ({ events: asset.events, nextAfter: asset.eventsNextAfter }),
    [asset.events, asset.eventsNextAfter],
  );
  const fetchPage = useCallback(
    (after: string, signal: AbortSignal) =>
      getPublicEventPage(asset.organizationId, asset.slug, after, signal),
    [asset.organizationId, asset.slug],
  );
  const history = useOlderPages(firstPage, fetchPage);
  // The first page's files (the server's), then those of the older events shown.
  const files = [
    ...asset.files,
    ...history.events.slice(asset.events.length).flatMap((event) => event.files),
  ];
  return (
    <div className={styles.page}>
      <title>{`${asset.name} · ${PRODUCT_NAME}`}</title>
      <Card className={styles.hero}>
        <div className={styles.heroText}>
          <h1 className={styles.name}>{asset.name}</h1>
          {asset.retiredAt ? (
            <p className={styles.retired}>{_(PUBLIC_ASSET_TEXTS.publicRetiredNotice)}</p>
          ) : null}
          <NextServiceDue asset={asset} className={styles.service} />
          {asset.location ? (
            <p className={styles.location}>{_(PUBLIC_ASSET_TEXTS.location(asset.location.path))}</p>
          ) : null}
          {asset.description ? <p className={styles.description}>{asset.description}</p> : null}
          <p className={styles.muted}>{_(PUBLIC_ASSET_TEXTS.qrSlug(asset.slug))}</p>
        </div>
        <img
          className={styles.qr}
          src={asset.qrCodeUrl}
          alt={_(PUBLIC_ASSET_TEXTS.qrAlt(asset.name))}
          width={160}
          height={160}
        />
      </Card>
      {staff}

      <ReportProblem asset={asset} />

      {asset.fields.length > 0 ? (
        <Card aria-labelledby="public-asset-details">
          <h2 id="public-asset-details" className={styles.sectionTitle}>
            {_(PUBLIC_ASSET_TEXTS.details)}
          </h2>
          <FieldValueList fields={asset.fields} />
        </Card>
      ) : null}

      <Card aria-labelledby="public-asset-history">
        <h2 id="public-asset-history" className={styles.sectionTitle}>
          {_(PUBLIC_ASSET_TEXTS.history)}
        </h2>
        {history.events.length > 0 ? (
          <>
            <PublicEventList events={history.events} />
            <OlderEvents history={history} total={asset.eventCount} />
          </>
        ) : (
          <p className={styles.muted}>{_(EVENT_HISTORY_TEXTS.noMaintenance)}</p>
        )}
      </Card>

      {files.length > 0 ? (
        <Card aria-labelledby="public-asset-files">
          <h2 id="public-asset-files" className={styles.sectionTitle}>
            {_(PUBLIC_ASSET_TEXTS.files)}
          </h2>
          <AttachmentList files={files} />
        </Card>
      ) : null}
    </div>
  );
}

type TPublicAssetContentProps = {
  organizationId: string;
  slug: string;
  /** The asset's request, already under way (the lean public page starts it before rendering). */
  preloaded?: Promise<TPublicAsset>;
  /** What the app's route shows its own staff under the asset (never the lean page's). */
  staff?: ReactNode;
};

/**
 * /a/{organizationId}/{slug}: the read-only asset page anyone with the QR code may open. No router
 * here: the app's route and the lean public page (ADR 032) both render it.
 */
export function PublicAssetContent({ organizationId, slug, preloaded, staff }: TPublicAssetContentProps) {
  const { _ } = useLingui();
  const state = usePublicAsset(organizationId, slug, preloaded);

  if (state.status === 'pending') {
    // As tall as the screen: the footer waits below it instead of jumping down when the asset comes.
    return (
      <p role="status" className={`${styles.muted} ${styles.loading}`}>
        {_(PUBLIC_ASSET_TEXTS.publicLoading)}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className={styles.page}>
        <title>{PRODUCT_NAME}</title>
        <h1 className={styles.visuallyHidden}>{_(PUBLIC_ASSET_TEXTS.asset)}</h1>
        <Alert>{_(PUBLIC_ASSET_TEXTS.publicFailed)}</Alert>
      </div>
    );
  }
  return <PublicAsset asset={state.data} staff={staff} />;
}
