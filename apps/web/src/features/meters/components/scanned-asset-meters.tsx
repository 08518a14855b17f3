import { useLingui } from '@lingui/react';
import type { TMeter } from '@mqr/contracts';
import { useId, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useAuth } from '#web/lib/auth-store.ts';
import { useScannedMeters } from '../api/get-scanned-meters.ts';
import { METER_TEXTS } from '../texts.ts';
import { MeterItem, outcomeText } from './asset-meters-card.tsx';
import styles from './meters.module.css';
import { ReadingDialog } from './reading-dialog.tsx';

/**
 * The staff view of a scanned asset (docs/product/meters.md#from-a-scan): on the page a QR code
 * opens, a signed-in member of the asset's organization gets its meters with "Add reading", and a
 * link to the asset's own page. Anyone else sees nothing of it.
 */
export function ScannedAssetMeters({ organizationId, slug }: { organizationId: string; slug: string }) {
  const { _ } = useLingui();
  const headingId = useId();
  const auth = useAuth();
  const staff = auth?.organizationId.toLowerCase() === organizationId.toLowerCase();
  const query = useScannedMeters(slug, staff);
  const [reading, setReading] = useState<TMeter | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const scanned = query.data;
  if (!staff || !scanned) return null;
  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {_(METER_TEXTS.scannedTitle)}
        </h2>
        <ButtonLink to={`/assets/${encodeURIComponent(scanned.assetId)}`}>
          {_(METER_TEXTS.openAsset)}
        </ButtonLink>
      </div>
      {said ? <Alert tone="success">{said}</Alert> : null}
      {scanned.meters.length === 0 ? (
        <p className={styles.muted}>{_(METER_TEXTS.scannedNoMeters)}</p>
      ) : (
        <ul className={styles.list}>
          {scanned.meters.map((meter) => (
            <MeterItem
              key={meter.id}
              meter={meter}
              actions={
                scanned.retired ? null : (
                  <Button onClick={() => setReading(meter)}>{_(METER_TEXTS.addReading)}</Button>
                )
              }
            />
          ))}
        </ul>
      )}
      {reading ? (
        <ReadingDialog
          meter={reading}
          onClose={() => setReading(null)}
          onDone={(outcome) => {
            setSaid(outcomeText(outcome, reading));
            setReading(null);
          }}
        />
      ) : null}
    </Card>
  );
}
