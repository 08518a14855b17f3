import type { TAsset, TMaintenanceEvent } from '@mqr/contracts';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EventComposerDialog } from './event-composer-dialog.tsx';
import { MaintenanceEventList } from './maintenance-event-list.tsx';
import styles from './maintenance-events.module.css';

/** Which event the composer edits (null: a new one); undefined while it is closed. */
type TComposer = { event: TMaintenanceEvent | null } | undefined;

/** The asset page's "Maintenance events" card: the list, "Add maintenance event" and the composer. */
export function MaintenanceEventsSection({ asset }: { asset: TAsset }) {
  const [composer, setComposer] = useState<TComposer>(undefined);
  return (
    <Card className={styles.section} aria-labelledby="maintenance-events-title">
      <div className={styles.sectionHead}>
        <h2 id="maintenance-events-title" className={styles.sectionTitle}>
          Maintenance events
        </h2>
        <Button onClick={() => setComposer({ event: null })}>Add maintenance event</Button>
      </div>
      <MaintenanceEventList
        assetId={asset.id}
        events={asset.events}
        onEdit={(event) => setComposer({ event })}
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
