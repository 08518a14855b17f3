import { useLingui } from '@lingui/react';
import type { TAsset, TMaintenanceEvent } from '@mqr/contracts';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { OfflineNotice } from '#web/components/ui/offline-notice.tsx';
import { Translated } from '#web/components/ui/translated.tsx';
import { OFFLINE_TEXTS } from '#web/lib/texts.ts';
import { useOlderPages } from '#web/lib/use-older-pages.ts';
import { useOnline } from '#web/lib/use-online.ts';
import { getEventPage } from '../api/get-event-page.ts';
import { EVENT_TEXTS } from '../texts.ts';
import { EventComposerDialog } from './event-composer-dialog.tsx';
import { MaintenanceEventList } from './maintenance-event-list.tsx';
import styles from './maintenance-events.module.css';
import { OlderEvents } from './older-events.tsx';

/** Which event the composer edits (null: a new one); undefined while it is closed. */
type TComposer = { event: TMaintenanceEvent | null } | undefined;

type TMaintenanceEventsSectionProps = {
  asset: TAsset;
  /** A retired asset: its history is shown without any action. */
  readOnly: boolean;
  /** Administrators may delete an event recorded by mistake. */
  canDelete: boolean;
};

/**
 * The asset page's "Maintenance events" card: the newest events, older ones on request, "Add
 * maintenance event" and the composer.
 */
export function MaintenanceEventsSection({ asset, readOnly, canDelete }: TMaintenanceEventsSectionProps) {
  const { _ } = useLingui();
  const [composer, setComposer] = useState<TComposer>(undefined);
  const firstPage = useMemo(
    () => ({ events: asset.events, nextAfter: asset.eventsNextAfter }),
    [asset.events, asset.eventsNextAfter],
  );
  const fetchPage = useCallback(
    (after: string, signal: AbortSignal) => getEventPage(asset.id, after, signal),
    [asset.id],
  );
  const history = useOlderPages(firstPage, fetchPage);
  const online = useOnline();
  return (
    <Card className={styles.section} aria-labelledby="maintenance-events-title">
      <div className={styles.sectionHead}>
        <h2 id="maintenance-events-title" className={styles.sectionTitle}>
          {_(EVENT_TEXTS.sectionTitle)}
        </h2>
        {readOnly ? null : <Button onClick={() => setComposer({ event: null })}>{_(EVENT_TEXTS.add)}</Button>}
      </div>
      <MaintenanceEventList
        assetId={asset.id}
        events={history.events}
        readOnly={readOnly}
        canDelete={canDelete}
        onEdit={(event) => setComposer({ event })}
      />
      <OlderEvents
        history={history}
        total={asset.eventCount}
        failure={
          online ? undefined : (
            <OfflineNotice>
              <Translated message={OFFLINE_TEXTS.olderEvents} />
            </OfflineNotice>
          )
        }
      />
      {composer ? (
        <EventComposerDialog
          assetId={asset.id}
          event={composer.event ?? undefined}
          onClose={() => setComposer(undefined)}
        />
      ) : null}
    </Card>
  );
}
