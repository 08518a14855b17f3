import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatNumber } from '#web/lib/dates.ts';
import type { TOlderPages } from '#web/lib/use-older-pages.ts';
import { EVENT_HISTORY_TEXTS } from '../texts.ts';
import styles from './older-events.module.css';

type TOlderEventsProps = {
  /** The history as useOlderPages answers it. */
  history: Pick<TOlderPages<unknown>, 'events' | 'hasMore' | 'loading' | 'failed' | 'loadMore'>;
  /** All the asset's events. */
  total: number;
  /** Said when the next page could not be loaded, instead of the failure text (the staff page, offline). */
  failure?: ReactNode;
};

/** Under an asset's history: how much of it is shown, and the button that loads the next older page. */
export function OlderEvents({ history, total, failure }: TOlderEventsProps) {
  const { _ } = useLingui();
  const { hasMore, loading, failed, loadMore } = history;
  const shown = history.events.length;
  if (!hasMore && shown >= total) return null;
  return (
    <div className={styles.showMore}>
      {failed ? (failure ?? <Alert>{_(EVENT_HISTORY_TEXTS.moreFailed)}</Alert>) : null}
      <p className={styles.count} aria-live="polite">
        {_(EVENT_HISTORY_TEXTS.shown(formatNumber(shown), total))}
      </p>
      {hasMore ? (
        <Button variant="secondary" onClick={loadMore} disabled={loading} aria-busy={loading}>
          {loading ? _(EVENT_HISTORY_TEXTS.loadingMore) : _(EVENT_HISTORY_TEXTS.showMore)}
        </Button>
      ) : null}
    </div>
  );
}
