import { useLingui } from '@lingui/react';
import type { TAsset } from '@mqr/contracts';
import { type ReactNode, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useQrImageUrl } from '../api/get-qr-image.ts';
import { ASSET_TEXTS, QR_TEXTS } from '../texts.ts';
import styles from './asset-qr-card.module.css';
import { downloadQr, printQr } from './print-qr.ts';

/**
 * The QR card: the image (fetched with the bearer token), the public URL, Download and Print, and
 * `actions` of other features after them (the asset page's "Print label").
 */
export function AssetQrCard({ asset, actions }: { asset: TAsset; actions?: ReactNode }) {
  const { _ } = useLingui();
  const qr = useQrImageUrl(asset.qrCodeUrl);
  const [blocked, setBlocked] = useState(false);

  return (
    <Card className={styles.qrCard} aria-labelledby="asset-qr-title">
      <h2 id="asset-qr-title" className={styles.title}>
        {_(QR_TEXTS.title)}
      </h2>
      <div className={styles.qrFrame}>
        {qr.url ? (
          <img
            className={styles.qrImage}
            src={qr.url}
            alt={_(QR_TEXTS.alt(asset.name))}
            width={220}
            height={220}
          />
        ) : (
          <span className={styles.qrPlaceholder}>
            {_(qr.isError ? QR_TEXTS.unavailable : QR_TEXTS.loading)}
          </span>
        )}
      </div>
      <label className={styles.urlLabel} htmlFor="asset-public-url">
        {_(QR_TEXTS.publicUrl)}
      </label>
      <input
        id="asset-public-url"
        className={styles.urlInput}
        readOnly
        value={asset.publicUrl}
        onFocus={(event) => event.currentTarget.select()}
      />
      {blocked ? <Alert>{_(ASSET_TEXTS.printBlocked)}</Alert> : null}
      <div className={styles.qrActions}>
        <Button
          variant="secondary"
          disabled={!qr.url}
          onClick={() => qr.url && downloadQr(qr.url, asset.slug)}
        >
          {_(QR_TEXTS.download)}
        </Button>
        <Button
          variant="secondary"
          disabled={!qr.url}
          onClick={() => {
            if (!qr.url) return;
            setBlocked(!printQr({ imageUrl: qr.url, name: asset.name, publicUrl: asset.publicUrl }));
          }}
        >
          {_(QR_TEXTS.print)}
        </Button>
        {actions}
      </div>
    </Card>
  );
}
