import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { useOnline } from '#web/lib/use-online.ts';
import { useOutbox } from '../hooks/use-outbox.ts';
import { isUnsent } from '../lib/outbox.ts';
import { OFFLINE_SHELL_TEXTS } from '../texts.ts';
import styles from './outbox.module.css';

/** The header's offline indicator, and how many changes wait to be sent (a link to the outbox). */
export function OfflineStatus() {
  const { _ } = useLingui();
  const online = useOnline();
  const unsent = (useOutbox() ?? []).filter(isUnsent).length;
  return (
    <div className={styles.status}>
      {online ? null : (
        <span role="status" className={styles.offline}>
          {_(OFFLINE_SHELL_TEXTS.offline)}
        </span>
      )}
      {unsent > 0 ? (
        <Link
          to="/outbox"
          className={styles.waitingLink}
          aria-label={_(OFFLINE_SHELL_TEXTS.waitingCount(unsent))}
        >
          <span aria-hidden="true">⇡ {unsent}</span>
          <span className={styles.waitingLabel} aria-hidden="true">
            &nbsp;{_(OFFLINE_SHELL_TEXTS.waiting)}
          </span>
        </Link>
      ) : null}
    </div>
  );
}
