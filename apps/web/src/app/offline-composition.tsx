import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect } from 'react';
import { assetKeys } from '#web/features/assets/index.ts';
import { taskKeys } from '#web/features/events/api/task-keys.ts';
import { useFields } from '#web/features/fields/index.ts';
import {
  currentOwner,
  forgetOtherUsersReads,
  OfflineLayer,
  type TOutboxEntry,
} from '#web/features/offline/index.ts';
import { authStore, useAuth } from '#web/lib/auth-store.ts';

/** Reads the maintenance event fields once signed in: the composer then has them offline too. */
function KeepEventFieldsOffline() {
  useFields('MaintenanceEvent');
  return null;
}

/**
 * The offline layer (features/offline) around the app: a write the server answered reloads the asset
 * and the pending tasks that show it, another user signing in on this device leaves nothing of the
 * previous user's kept answers behind, and the event composer's fields are read ahead.
 */
export function OfflineComposition({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const onSent = useCallback(
    (entry: TOutboxEntry) => {
      void queryClient.invalidateQueries({ queryKey: assetKeys.detail(entry.write.assetId) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.pending() });
    },
    [queryClient],
  );
  useEffect(() => {
    let owner = currentOwner();
    return authStore.subscribe(() => {
      const next = currentOwner();
      if (next && next !== owner) void forgetOtherUsersReads(next).catch(() => {});
      owner = next;
    });
  }, []);
  const signedIn = useAuth() !== null;
  return (
    <OfflineLayer onSent={onSent}>
      {signedIn ? <KeepEventFieldsOffline /> : null}
      {children}
    </OfflineLayer>
  );
}
