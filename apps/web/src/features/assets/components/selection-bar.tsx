import type { TAssetSelection, TFieldDefinition } from '@mqr/contracts';
import { type ReactNode, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useRetireSelection } from '../hooks/use-bulk-actions.ts';
import { LIST_TEXTS } from './asset-list-texts.ts';
import { DialogActions } from './dialog-actions.tsx';
import styles from './selection-bar.module.css';
import { SetFieldValueDialog } from './set-field-value-dialog.tsx';

type TSelectionBarProps = {
  selection: TAssetSelection;
  /** How many assets are selected, as shown ("3", or "1,234" / "10,000+" for all matching). */
  count: string;
  /** "3 assets selected" or "All 1,234 matching assets are selected." */
  summary: string;
  fields: TFieldDefinition[];
  /** Administrators, on a list that can hold assets in service. */
  canRetire: boolean;
  /** Actions other features offer on the selection (the export). */
  extraActions?: ReactNode;
  onClear: () => void;
  /** Says what an action did, once it is done (`retired`: the assets left the list). */
  onDone: (message: string, action: 'value' | 'retired') => void;
};

type TOpen = 'value' | 'retire' | null;

/**
 * What can be done with the selected assets: print their labels, export them, set a field value,
 * retire them (administrators, not on the retired list), or clear the selection.
 */
export function SelectionBar({
  selection,
  count,
  summary,
  fields,
  canRetire,
  extraActions,
  onClear,
  onDone,
}: TSelectionBarProps) {
  const [open, setOpen] = useState<TOpen>(null);
  const scope = selection.assetIds
    ? LIST_TEXTS.forSelected(selection.assetIds.length)
    : LIST_TEXTS.forAllMatching(count);
  return (
    <section className={styles.bar} aria-label={LIST_TEXTS.selectionActions}>
      <p className={styles.summary}>{summary}</p>
      <div className={styles.actions}>
        {extraActions}
        <Button variant="secondary" onClick={() => setOpen('value')}>
          {LIST_TEXTS.setValue}
        </Button>
        {canRetire ? (
          <Button variant="secondary" onClick={() => setOpen('retire')}>
            {LIST_TEXTS.retire}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onClear}>
          {LIST_TEXTS.clearSelection}
        </Button>
      </div>
      {open === 'value' ? (
        <SetFieldValueDialog
          selection={selection}
          scope={scope}
          fields={fields}
          onClose={() => setOpen(null)}
          onDone={(result) => {
            setOpen(null);
            onDone(LIST_TEXTS.setDone(result.changed, result.selected), 'value');
          }}
        />
      ) : null}
      {open === 'retire' ? (
        <RetireSelectionDialog
          selection={selection}
          count={count}
          scope={scope}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setOpen(null);
            onDone(message, 'retired');
          }}
        />
      ) : null}
    </section>
  );
}

type TRetireSelectionDialogProps = {
  selection: TAssetSelection;
  count: string;
  scope: string;
  onClose: () => void;
  onDone: (message: string) => void;
};

/** Asks before retiring the selected assets, then says how many were retired. */
function RetireSelectionDialog({ selection, count, scope, onClose, onDone }: TRetireSelectionDialogProps) {
  const mutation = useRetireSelection(selection);
  return (
    <Dialog title={LIST_TEXTS.retireTitle(count)} busy={mutation.isPending} onClose={onClose}>
      <div className={styles.dialogBody}>
        {mutation.isError ? <Alert>{failureMessage(LIST_TEXTS.retireFailed, mutation.error)}</Alert> : null}
        <p>{scope}</p>
        <p>{LIST_TEXTS.retireText}</p>
        <DialogActions
          label={LIST_TEXTS.retire}
          pendingLabel={LIST_TEXTS.retiring}
          pending={mutation.isPending}
          onAction={() =>
            mutation.mutate(undefined, {
              onSuccess: (result) => onDone(LIST_TEXTS.retireDone(result.changed, result.withOpenTasks)),
            })
          }
          onCancel={onClose}
        />
      </div>
    </Dialog>
  );
}
