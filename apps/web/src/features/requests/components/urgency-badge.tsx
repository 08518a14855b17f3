import { useLingui } from '@lingui/react';
import type { TRequestState, TRequestUrgency } from '@mqr/contracts';
import { URGENCY_WORDS } from '#web/features/public-asset/index.ts';
import { REQUEST_TEXTS } from '../texts.ts';
import styles from './requests.module.css';

/** How urgent the reporter said it is; unsafe in red (the words say it too). */
export function UrgencyBadge({ urgency }: { urgency: TRequestUrgency }) {
  const { _ } = useLingui();
  return (
    <span className={`${styles.badge} ${styles[`urgency_${urgency}`] ?? ''}`} data-urgency={urgency}>
      {_(URGENCY_WORDS[urgency])}
    </span>
  );
}

export const STATE_WORDS = {
  new: REQUEST_TEXTS.stateNew,
  accepted: REQUEST_TEXTS.stateAccepted,
  done: REQUEST_TEXTS.stateDone,
  closed: REQUEST_TEXTS.stateClosed,
} as const;

export function StateBadge({ state }: { state: TRequestState }) {
  const { _ } = useLingui();
  return (
    <span className={`${styles.badge} ${styles[`state_${state}`] ?? ''}`} data-state={state}>
      {_(STATE_WORDS[state])}
    </span>
  );
}
