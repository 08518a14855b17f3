import { useLingui } from '@lingui/react';
import type { TLocation } from '@mqr/contracts';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { useLocationChildren } from '../api/get-location-children.ts';
import { LOCATION_PAGE_TEXTS, LOCATION_TEXTS } from '../texts.ts';
import { LocationCounts } from './location-counts.tsx';
import styles from './location-page.module.css';

/** "Locations inside": the locations right below it, each a link with its rolled-up counts. */
export function LocationChildrenCard({ location, className }: { location: TLocation; className?: string }) {
  const { _ } = useLingui();
  const titleId = useId();
  const query = useLocationChildren(location.id, location.childCount > 0);
  const children = query.data?.pages.flatMap((page) => page.items) ?? [];
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
              <Link to={`/locations/${child.id}`} className={styles.childName}>
                {child.name}
              </Link>
              <LocationCounts counts={child.counts} />
            </li>
          ))}
        </ul>
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
