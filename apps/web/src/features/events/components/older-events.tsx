import { EVENT_MESSAGES } from '@mqr/contracts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import styles from './older-events.module.css';

type TOlderEventsProps = {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onShowMore: () => void;
};

/** Under an asset's history: how much of it is shown, and the button that loads the next older page. */
export function OlderEvents({ shown, total, hasMore, loading, failed, onShowMore }: TOlderEventsProps) {
  if (!hasMore && shown >= total) return null;
  return (
    <div className={styles.showMore}>
      {failed ? <Alert>{EVENT_MESSAGES.moreFailed}</Alert> : null}
      <p className={styles.count} aria-live="polite">
        {EVENT_MESSAGES.shown(shown, total)}
      </p>
      {hasMore ? (
        <Button variant="secondary" onClick={onShowMore} disabled={loading} aria-busy={loading}>
          {loading ? EVENT_MESSAGES.loadingMore : EVENT_MESSAGES.showMore}
        </Button>
      ) : null}
    </div>
  );
}
