import type { ReactNode } from 'react';
import { useOnline } from '#web/lib/use-online.ts';
import { Alert } from './alert.tsx';
import { StateMessage } from './state-message.tsx';

const CAN_STILL_RECORD = 'You can still record work on the assets kept on this device.';

/**
 * What a screen says offline when this device kept nothing of what it shows (docs/product/offline.md#reading-offline):
 * what is missing, and what the technician can still do.
 */
export const OFFLINE_TEXTS = {
  offline: 'You are offline.',
  asset: `This asset was not kept on this device: open it once while online to keep it. ${CAN_STILL_RECORD}`,
  schedules:
    'The planned maintenance of this asset was not kept on this device. You can still record work on this asset.',
  tasks: `The pending tasks were not kept on this device: open the dashboard once while online to keep them. ${CAN_STILL_RECORD}`,
  dueTasks: 'The due tasks were not kept on this device.',
  page: `This page is not kept on this device. ${CAN_STILL_RECORD}`,
  olderEvents: 'Older events were not kept on this device.',
} as const;

/** "You are offline." and what that means here: never an error, announced politely. */
export function OfflineNotice({ children }: { children: ReactNode }) {
  return (
    <Alert tone="info">
      <strong>{OFFLINE_TEXTS.offline}</strong> {children}
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
  offline: string;
};

/**
 * What a screen shows in place of data it does not have: loading, its own failure text while online,
 * or, offline, that the device is offline and what it can still do.
 */
export function QueryFallback({ query, loading, failed, offline }: TQueryFallbackProps) {
  const online = useOnline();
  if (!online) return <OfflineNotice>{offline}</OfflineNotice>;
  if (query.isError) return <Alert>{failed}</Alert>;
  return <StateMessage>{loading}</StateMessage>;
}
