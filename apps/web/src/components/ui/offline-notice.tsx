import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { formatDateTime } from '#web/lib/dates.ts';
import { OFFLINE_TEXTS } from '#web/lib/texts.ts';
import { useOnline } from '#web/lib/use-online.ts';
import { Alert } from './alert.tsx';
import styles from './offline-notice.module.css';
import { StateMessage } from './state-message.tsx';

/** "You are offline." and what that means here: never an error, announced politely. */
export function OfflineNotice({ children }: { children: ReactNode }) {
  const { _ } = useLingui();
  return (
    <Alert tone="info">
      <strong>{_(OFFLINE_TEXTS.offline)}</strong> {children}
    </Alert>
  );
}

type TQueryFallbackProps = {
  /** The screen's query, which has no data yet. */
  query: { isError: boolean };
  /** Said while it loads. */
  loading: string;
  /** The screen's failure text, said when the server could not answer while online. */
  failed: string;
  /** What was not kept on this device, said (with "You are offline.") when there is no connection. */
  offline: MessageDescriptor;
};

/**
 * What a screen shows in place of data it does not have: loading, its own failure text while online,
 * or, offline, that the device is offline and what it can still do.
 */
export function QueryFallback({ query, loading, failed, offline }: TQueryFallbackProps) {
  const { _ } = useLingui();
  const online = useOnline();
  if (!online) return <OfflineNotice>{_(offline)}</OfflineNotice>;
  if (query.isError) return <Alert>{failed}</Alert>;
  return <StateMessage>{loading}</StateMessage>;
}

/**
 * Beside data shown offline from what this device kept (ADR 127): "Offline: last seen at {time}",
 * `at` being when it was read (a query's dataUpdatedAt). Online, or with nothing read, nothing; or
 * `none`, what is said offline when nothing was kept.
 */
export function OfflineSeenAt({ at, none }: { at: number | null; none?: MessageDescriptor }) {
  const { _ } = useLingui();
  const online = useOnline();
  if (online) return null;
  if (!at) return none ? <span className={styles.seen}>{_(none)}</span> : null;
  return <span className={styles.seen}>{_(OFFLINE_TEXTS.lastSeen(formatDateTime(new Date(at))))}</span>;
}
