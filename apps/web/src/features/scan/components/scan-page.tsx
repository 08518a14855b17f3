import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '@mqr/contracts';
import { type ChangeEvent, useCallback, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { useOfflineWrites } from '#web/lib/offline-writes.ts';
import { useCameraScanner } from '../hooks/use-camera-scanner.ts';
import { loadQrDetector } from '../lib/load-detector.ts';
import { loadImage } from '../lib/load-image.ts';
import { interpretScan } from '../lib/scan-result.ts';
import { SCAN_MESSAGES } from '../texts.ts';
import styles from './scan-page.module.css';

/**
 * /scan: reads a QR code from the camera (or a photo) and opens the public asset page it points at.
 * Offline, it opens what this device keeps of that asset (lib/offline-writes.ts), or says it will
 * open once back online.
 */
export function ScanPage() {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const photoId = useId();
  const offline = useOfflineWrites();
  const [result, setResult] = useState<{ text: string; isAsset: boolean; notKept?: boolean } | null>(null);
  const [photoState, setPhotoState] = useState<'idle' | 'reading' | 'no-code'>('idle');

  const handleText = useCallback(
    (text: string) => {
      const outcome = interpretScan(text);
      setResult({ text, isAsset: outcome.kind !== 'other' });
      if (outcome.kind === 'other') return;
      if (outcome.kind === 'location') {
        void navigate(outcome.path);
        return;
      }
      if (!offline?.isOffline()) {
        void navigate(outcome.path);
        return;
      }
      void offline.findScannedAsset(outcome.organizationId, outcome.slug).then((path) => {
        if (path) void navigate(path);
        else setResult({ text, isAsset: true, notKept: true });
      });
    },
    [navigate, offline],
  );

  const { status, torch, toggleTorch } = useCameraScanner(videoRef, handleText);

  async function onPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPhotoState('reading');
    try {
      const [detector, image] = await Promise.all([loadQrDetector(), loadImage(file)]);
      const text = (await detector.detect(image))[0]?.rawValue;
      if (!text) {
        setPhotoState('no-code');
        return;
      }
      setPhotoState('idle');
      handleText(text);
    } catch {
      setPhotoState('no-code');
    }
  }

  return (
    <div className={styles.page}>
      <title>{_(SCAN_MESSAGES.documentTitle(PRODUCT_NAME))}</title>
      <PageHeader title={_(SCAN_MESSAGES.title)} />

      <Card className={styles.card}>
        {status === 'unavailable' ? <Alert tone="info">{_(SCAN_MESSAGES.noCamera)}</Alert> : null}
        {/* Always mounted: the camera hook attaches to it on the first render. */}
        <div className={styles.viewport} hidden={status === 'unavailable'}>
          <video
            ref={videoRef}
            className={styles.video}
            muted
            playsInline
            aria-label={_(SCAN_MESSAGES.cameraPreview)}
            data-status={status}
          />
          <span className={styles.frame} aria-hidden="true" />
          {status === 'starting' ? (
            <p className={styles.overlay} role="status">
              {_(SCAN_MESSAGES.startingCamera)}
            </p>
          ) : null}
        </div>

        {torch.supported ? (
          <Button
            variant="secondary"
            className={styles.torch}
            aria-pressed={torch.on}
            onClick={() => void toggleTorch()}
          >
            {_(SCAN_MESSAGES.torch)}
            <span className={styles.torchState} aria-hidden="true">
              {_(torch.on ? SCAN_MESSAGES.torchOn : SCAN_MESSAGES.torchOff)}
            </span>
          </Button>
        ) : null}

        <div className={styles.result} role="status" aria-live="polite">
          {result ? (
            <>
              <p className={styles.resultText}>{_(SCAN_MESSAGES.scanned(result.text))}</p>
              {result.isAsset ? null : <p className={styles.note}>{_(SCAN_MESSAGES.notAssetCode)}</p>}
              {result.notKept ? <p className={styles.note}>{_(SCAN_MESSAGES.offlineUnknown)}</p> : null}
            </>
          ) : null}
        </div>
      </Card>

      <Card className={styles.card}>
        <label className={styles.photoLabel} htmlFor={photoId}>
          {_(SCAN_MESSAGES.photoLabel)}
        </label>
        <input
          id={photoId}
          className={styles.photoInput}
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(event) => void onPhoto(event)}
        />
        <div role="status" className={styles.note}>
          {photoState === 'reading' ? _(SCAN_MESSAGES.readingPhoto) : null}
          {photoState === 'no-code' ? _(SCAN_MESSAGES.noCodeInPhoto) : null}
        </div>
      </Card>
    </div>
  );
}
