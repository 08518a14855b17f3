import { useLingui } from '@lingui/react';
import { useWaitingCount } from '../api/requests-api.ts';
import { REQUEST_TEXTS } from '../texts.ts';
import styles from './requests.module.css';

/** After "Requests" in the navigation: how many wait for triage, red when one of them is unsafe. */
export function RequestsNavBadge() {
  const { _ } = useLingui();
  const waiting = useWaitingCount(true);
  const count = waiting.data?.count ?? 0;
  if (count === 0) return null;
  const unsafe = waiting.data?.unsafe ?? 0;
  const said = [_(REQUEST_TEXTS.navWaiting(count)), unsafe > 0 ? _(REQUEST_TEXTS.navUnsafe(unsafe)) : '']
    .filter(Boolean)
    .join(', ');
  return (
    <span
      className={`${styles.navBadge} ${unsafe > 0 ? styles.navBadgeUnsafe : ''}`}
      data-unsafe={unsafe > 0 ? 'true' : undefined}
    >
      <span aria-hidden="true">{count}</span>
      <span className={styles.visuallyHidden}>{` (${said})`}</span>
    </span>
  );
}
