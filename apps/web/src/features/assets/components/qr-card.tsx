import { useLingui } from '@lingui/react';
import { type ReactNode, useId, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useQrImageUrl } from '../api/get-qr-image.ts';
import { ASSET_TEXTS, QR_TEXTS } from '../texts.ts';
import { downloadQr, printQr } from './print-qr.ts';
import styles from './qr-card.module.css';

/** What has a QR code: an asset, or a location. */
type TQrSubject = { name: string; slug: string; qrCodeUrl: string; publicUrl: string };

type TQrCardProps = {
  subject: TQrSubject;
  /** The card's heading ("QR code"). */
  title?: string | undefined;
  actions?: ReactNode;
};

/**
 * The QR card: the image (fetched with the bearer token), the public URL, Download and Print, and
 * `actions` of other features after them (the asset page's "Print label"). An asset's page and a
 * location's page show it.
 */
export function QrCard({ subject, title, actions }: TQrCardProps) {
  const { _ } = useLingui();
  const qr = useQrImageUrl(subject.qrCodeUrl);
  const [blocked, setBlocked] = useState(false);
  const titleId = useId();
  const urlId = useId();

  return (
    <Card className={styles.qrCard} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title ?? _(QR_TEXTS.title)}
      </h2>
      <div className={styles.qrFrame}>
        {qr.url ? (
          <img
            className={styles.qrImage}
            src={qr.url}
            alt={_(QR_TEXTS.alt(subject.name))}
            width={220}
            height={220}
          />
        ) : (
          <span className={styles.qrPlaceholder}>
            {_(qr.isError ? QR_TEXTS.unavailable : QR_TEXTS.loading)}
          </span>
        )}
      </div>
      <label className={styles.urlLabel} htmlFor={urlId}>
        {_(QR_TEXTS.publicUrl)}
      </label>
      <input
        id={urlId}
        className={styles.urlInput}
        readOnly
        value={subject.publicUrl}
        onFocus={(event) => event.currentTarget.select()}
      />
      {blocked ? <Alert>{_(ASSET_TEXTS.printBlocked)}</Alert> : null}
      <div className={styles.qrActions}>
        <Button
          variant="secondary"
          disabled={!qr.url}
          onClick={() => qr.url && downloadQr(qr.url, subject.slug)}
        >
          {_(QR_TEXTS.download)}
        </Button>
        <Button
          variant="secondary"
          disabled={!qr.url}
          onClick={() => {
            if (!qr.url) return;
            setBlocked(!printQr({ imageUrl: qr.url, name: subject.name, publicUrl: subject.publicUrl }));
          }}
        >
          {_(QR_TEXTS.print)}
        </Button>
        {actions}
      </div>
    </Card>
  );
}
