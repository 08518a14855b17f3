import { useLingui } from '@lingui/react';
import type { TLocation } from '@mqr/contracts';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import field from '#web/components/ui/text-field.module.css';
import { PrintLabelsButton } from '#web/features/labels/index.ts';
import { useLocationChildren } from '../api/get-location-children.ts';
import { LOCATION_PAGE_TEXTS, LOCATION_TEXTS } from '../texts.ts';
import { LocationCounts } from './location-counts.tsx';
import styles from './location-page.module.css';

/**
 * "Locations inside": the locations right below it, each a link with its rolled-up counts and a box
 * that selects it for labels (their own QR codes, in the order ticked).
 */
export function LocationChildrenCard({ location, className }: { location: TLocation; className?: string }) {
  const { _ } = useLingui();
  const titleId = useId();
  const query = useLocationChildren(location.id, location.childCount > 0);
  const children = query.data?.pages.flatMap((page) => page.items) ?? [];
  const [selected, setSelected] = useState<string[]>([]);
  const shown = selected.filter((id) => children.some((child) => child.id === id));
  const select = (id: string, on: boolean) =>
    setSelected((ids) =>
      on ? [...ids.filter((other) => other !== id), id] : ids.filter((other) => other !== id),
    );
  let content: ReactNode;
  if (location.childCount === 0) {
    content = <p className={styles.muted}>{_(LOCATION_PAGE_TEXTS.noChildren)}</p>;
  } else if (query.isPending) {
    content = <StateMessage>{_(LOCATION_TEXTS.loading)}</StateMessage>;
  } else if (query.isError) {
    content = <Alert>{_(LOCATION_TEXTS.failed)}</Alert>;
  } else {
    content = (
      <>
        <ul className={styles.children}>
          {children.map((child) => (
            <li key={child.id} className={styles.child}>
              <span className={styles.childLead}>
                <input
                  type="checkbox"
                  className={`${field.checkbox} ${styles.childCheck}`}
                  aria-label={_(LOCATION_PAGE_TEXTS.selectChild(child.name))}
                  checked={shown.includes(child.id)}
                  onChange={(event) => select(child.id, event.target.checked)}
                />
                <Link to={`/locations/${child.id}`} className={styles.childName}>
                  {child.name}
                </Link>
              </span>
              <LocationCounts counts={child.counts} />
            </li>
          ))}
        </ul>
        {shown.length > 0 ? (
          <div className={styles.selection}>
            <p aria-live="polite">{_(LOCATION_PAGE_TEXTS.childrenSelected(shown.length))}</p>
            <PrintLabelsButton source={{ locationIds: shown }} count={shown.length}>
              {_(LOCATION_PAGE_TEXTS.printSelected)}
            </PrintLabelsButton>
          </div>
        ) : null}
        {query.hasNextPage ? (
          <Button
            variant="secondary"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {_(query.isFetchingNextPage ? LOCATION_TEXTS.loadingMore : LOCATION_TEXTS.showMore)}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <Card aria-labelledby={titleId} className={[styles.card, className].filter(Boolean).join(' ')}>
      <h2 id={titleId} className={styles.cardTitle}>
        {_(LOCATION_PAGE_TEXTS.children)}
      </h2>
      {content}
    </Card>
  );
}
