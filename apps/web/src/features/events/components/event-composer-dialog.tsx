import { useLingui } from '@lingui/react';
import type { TMaintenanceEvent } from '@mqr/contracts';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Translated } from '#web/components/ui/translated.tsx';
import { FIELD_TEXTS, useFields } from '#web/features/fields/index.ts';
import { useAuth } from '#web/lib/auth-store.ts';
import { useClientConfig } from '#web/lib/client-config.ts';
import { EVENT_TEXTS } from '../texts.ts';
import { EventForm } from './event-form.tsx';

type TEventComposerDialogProps = {
  assetId: string;
  /** The event to edit; a new event when absent. */
  event?: TMaintenanceEvent | undefined;
  /** Closes the composer (after a save too: the asset has reloaded by then). */
  onClose: () => void;
};

/**
 * The modal composer for adding and editing a maintenance event. It waits for the custom field
 * definitions; when they fail to load the form still works, without custom fields.
 */
export function EventComposerDialog({ assetId, event, onClose }: TEventComposerDialogProps) {
  const { _ } = useLingui();
  const auth = useAuth();
  const fields = useFields('MaintenanceEvent');
  const config = useClientConfig();
  const [busy, setBusy] = useState(false);

  return (
    <Dialog title={event ? _(EVENT_TEXTS.editTitle) : _(EVENT_TEXTS.addTitle)} busy={busy} onClose={onClose}>
      {fields.isPending ? (
        <StateMessage>
          <Translated message={FIELD_TEXTS.loading} />
        </StateMessage>
      ) : (
        <>
          {fields.isError ? <Alert>{_(EVENT_TEXTS.fieldsLoadFailed)}</Alert> : null}
          <EventForm
            assetId={assetId}
            event={event}
            definitions={fields.isError ? null : fields.data}
            maxUploadBytes={config.data?.maxUploadBytes}
            displayName={auth?.displayName ?? ''}
            onBusyChange={setBusy}
            onSaved={onClose}
            onCancel={onClose}
          />
        </>
      )}
    </Dialog>
  );
}
