import { Link } from 'react-router';
import { useOnline } from '#web/lib/use-online.ts';
import { useOutbox } from '../hooks/use-outbox.ts';
import { isUnsent } from '../lib/outbox.ts';
import { OUTBOX_MESSAGES } from '../texts.ts';
import styles from './outbox.module.css';

/** The header's offline indicator, and how many changes wait to be sent (a link to the outbox). */
export function OfflineStatus() {
  const online = useOnline();
  const unsent = (useOutbox() ?? []).filter(isUnsent).length;
  return (
    <div className={styles.status}>
      {online ? null : (
        <span role="status" className={styles.offline}>
          {OUTBOX_MESSAGES.offline}
        </span>
      )}
      {unsent > 0 ? (
        <Link to="/outbox" className={styles.waitingLink} aria-label={OUTBOX_MESSAGES.waitingCount(unsent)}>
          <span aria-hidden="true">⇡ {unsent}</span>
          <span className={styles.waitingLabel} aria-hidden="true">
            &nbsp;waiting
          </span>
        </Link>
      ) : null}
    </div>
  );
}
