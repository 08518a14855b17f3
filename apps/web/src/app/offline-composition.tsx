import type { TAsset } from '@mqr/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { assetKeys } from '#web/features/assets/index.ts';
import { organizationPrefix } from '#web/features/auth/api/get-organization.ts';
import { checklistKeys } from '#web/features/checklists/api/checklist-keys.ts';
import { taskKeys } from '#web/features/events/api/task-keys.ts';
import { showSavedEvent, showTaskStamps, stampsBefore } from '#web/features/events/index.ts';
import { fieldKeys } from '#web/features/fields/api/field-keys.ts';
import { useFields } from '#web/features/fields/index.ts';
import { locationKeys } from '#web/features/locations/api/location-keys.ts';
import { meterKeys } from '#web/features/meters/index.ts';
import {
  currentOwner,
  forgetOtherUsers,
  KeptCopiesProvider,
  OfflineLayer,
  type TKeptAssets,
  type TKeptRead,
  type TOutboxEffects,
  type TOutboxEntry,
} from '#web/features/offline/index.ts';
import { scheduleKeys } from '#web/features/schedules/api/schedule-keys.ts';
import { authStore, useAuth } from '#web/lib/auth-store.ts';
import { clientConfigKey } from '#web/lib/client-config.ts';

/** Assets whose pages (with their events, QR code, schedules and meters) stay readable offline: the ones opened last. */
export const RECENT_ASSETS_KEPT = 30;

/** Tasks' checklists kept for working through them offline (ADR 136): the ones opened last. */
export const CHECKLISTS_KEPT = 30;

/** Levels of the location tree and type-ahead answers kept, each: the tree picker's offline choices (ADR 127). */
export const LOCATION_READS_KEPT = 20;

/**
 * The reads kept on this device for reading offline (docs/product/offline.md#reading-offline), each
 * kind up to its limit, the ones read last: the header's organization, the event form's fields and
 * upload limit, the asset form's fields, the dashboard's pending tasks and due counts, the assets
 * opened last, the tasks' checklists opened last, and the locations seen (the tree's levels and the
 * picker's answers).
 */
export const KEPT_READS: readonly TKeptRead[] = [
  { key: organizationPrefix, limit: 1 },
  { key: clientConfigKey, limit: 1 },
  { key: fieldKeys.list('MaintenanceEvent'), limit: 1 },
  { key: fieldKeys.list('Asset'), limit: 1 },
  { key: taskKeys.pending(), limit: 20 },
  { key: taskKeys.dueCounts(), limit: 1 },
  { key: assetKeys.details(), limit: RECENT_ASSETS_KEPT },
  { key: assetKeys.qrImages(), limit: RECENT_ASSETS_KEPT },
  { key: scheduleKeys.ofAssets(), limit: RECENT_ASSETS_KEPT },
  { key: checklistKeys.tasks(), limit: CHECKLISTS_KEPT },
  { key: meterKeys.ofAssets(), limit: RECENT_ASSETS_KEPT },
  { key: locationKeys.levels(), limit: LOCATION_READS_KEPT },
  { key: locationKeys.searches(), limit: LOCATION_READS_KEPT },
];

/** The asset pages kept in the query cache: a name for the outbox screen, the asset a scanned code names. */
function keptAssetsIn(queryClient: QueryClient): TKeptAssets {
  return {
    nameOf: (assetId) => queryClient.getQueryData<TAsset>(assetKeys.detail(assetId))?.name ?? null,
    find: (organizationId, slug) =>
      queryClient
        .getQueriesData<TAsset>({ queryKey: assetKeys.details() })
        .map(([, asset]) => asset)
        .find((asset) => asset?.organizationId === organizationId && asset.slug === slug)?.id ?? null,
  };
}

/**
 * What the outbox's moves change on the screens and in the kept copies: the server's answer shows
 * (a task sent as completed stays completed offline too), a task action refused or discarded is
 * undone, and the asset and the tasks reload when they can.
 */
function outboxEffectsOn(queryClient: QueryClient): TOutboxEffects {
  const reload = (write: TOutboxEntry['write']) => {
    // A move changes the lists and the locations' counts too, as online (ADR 127).
    if (write.kind === 'move-asset') {
      void queryClient.invalidateQueries();
      return;
    }
    void queryClient.invalidateQueries({ queryKey: assetKeys.detail(write.assetId) });
    void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    // A task's checklist shows what the server keeps of its steps (ADR 136), a completion too.
    if (write.kind !== 'save-event' && write.kind !== 'meter-reading') {
      void queryClient.invalidateQueries({ queryKey: checklistKeys.task(write.eventId) });
    }
    // A reading moves its meter, and may make a usage schedule's task due (ADR 138).
    if (write.kind === 'meter-reading') {
      void queryClient.invalidateQueries({ queryKey: meterKeys.all });
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    }
  };
  return {
    onAnswered({ write, state }, answer) {
      if (answer) showSavedEvent(queryClient, write.assetId, answer);
      else if (state === 'failed' && write.kind === 'task-action') {
        showTaskStamps(queryClient, write, stampsBefore(write.action, write.taskStatus));
      }
      reload(write);
    },
    onDiscarded({ write }) {
      if (write.kind === 'task-action') {
        showTaskStamps(queryClient, write, stampsBefore(write.action, write.taskStatus));
      }
      reload(write);
    },
  };
}

/**
 * Reads the maintenance event and asset fields once signed in: the composer and the asset form (its
 * location picker, ADR 127) then have them offline too.
 */
function KeepFieldsOffline() {
  useFields('MaintenanceEvent');
  useFields('Asset');
  return null;
}

/** Changes when the API's answers change shape (the OpenAPI document, at build time): older kept copies are dropped. */
const KEPT_FORMAT = __API_SHAPE__;

/**
 * The offline layer (features/offline) around the app: the signed-in user's kept copies back in the
 * query cache and kept up to date, the outbox and what its moves change, nothing of the previous
 * user's copies left when another user signs in on this device, and the event composer's and
 * asset form's fields read ahead.
 */
export function OfflineComposition({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const effects = useMemo(() => outboxEffectsOn(queryClient), [queryClient]);
  const keptAssets = useMemo(() => keptAssetsIn(queryClient), [queryClient]);
  useEffect(() => {
    let owner = currentOwner();
    return authStore.subscribe(() => {
      const next = currentOwner();
      if (next && next !== owner) void forgetOtherUsers(next).catch(() => {});
      owner = next;
    });
  }, []);
  const signedIn = useAuth() !== null;
  return (
    <KeptCopiesProvider reads={KEPT_READS} buster={KEPT_FORMAT}>
      <OfflineLayer effects={effects} keptAssets={keptAssets}>
        {signedIn ? <KeepFieldsOffline /> : null}
        {children}
      </OfflineLayer>
    </KeptCopiesProvider>
  );
}
