import { useLingui } from '@lingui/react';
import type { TLocation } from '@mqr/contracts';
import { useId } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { LOCATION_PAGE_TEXTS, LOCATION_TEXTS } from '../texts.ts';
import { LocationCounts } from './location-counts.tsx';
import styles from './location-page.module.css';

/** "Location details": its counts rolled up (and its own assets), code, a site's address, notes. */
export function LocationDetailsCard({ location, className }: { location: TLocation; className?: string }) {
  const { _ } = useLingui();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className={[styles.card, className].filter(Boolean).join(' ')}>
      <h2 id={titleId} className={styles.cardTitle}>
        {_(LOCATION_PAGE_TEXTS.details)}
      </h2>
      <div className={styles.counts}>
        <p className={styles.muted}>{_(LOCATION_TEXTS.counts)}</p>
        <LocationCounts counts={location.counts} />
        <p className={styles.muted}>{_(LOCATION_PAGE_TEXTS.directAssets(location.directAssets))}</p>
      </div>
      {location.code || location.address || location.notes ? (
        <dl className={styles.facts}>
          {location.code ? (
            <div>
              <dt>{_(LOCATION_TEXTS.codeLabel)}</dt>
              <dd>{location.code}</dd>
            </div>
          ) : null}
          {location.address ? (
            <div>
              <dt>{_(LOCATION_TEXTS.address)}</dt>
              <dd className={styles.multiline}>{location.address}</dd>
            </div>
          ) : null}
          {location.notes ? (
            <div>
              <dt>{_(LOCATION_TEXTS.notes)}</dt>
              <dd className={styles.multiline}>{location.notes}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </Card>
  );
}
