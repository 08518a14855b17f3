import { useLingui } from '@lingui/react';
import type { TAssetSelection, TFieldDefinition } from '@mqr/contracts';
import { type ReactNode, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { formatNumber } from '#web/lib/dates.ts';
import { shownCount, type TShownCount } from '../lib/shown-count.ts';
import { LIST_TEXTS } from '../texts.ts';
import styles from './selection-bar.module.css';
import { ServiceDialog } from './service-dialog.tsx';
import { SetFieldValueDialog } from './set-field-value-dialog.tsx';

type TSelectionBarProps = {
  selection: TAssetSelection;
  /** How many assets are selected (at least, for all that a capped list matches). */
  count: TShownCount;
  /** "3 assets selected" or "All 1,234 matching assets are selected." */
  summary: string;
  fields: TFieldDefinition[];
  /** Administrators, on a list that can hold assets in service. */
  canRetire: boolean;
  /** Administrators, on the retired list: restore or delete the selection. */
  canRestoreOrDelete: boolean;
  /** Actions other features offer on the selection (the export). */
  extraActions?: ReactNode;
  onClear: () => void;
  /** Says what an action did, once it is done (`left`: the assets left the list). */
  onDone: (message: string, action: 'value' | 'left') => void;
};

type TOpen = 'value' | 'retire' | 'restore' | 'delete' | null;

/**
 * What can be done with the selected assets: print their labels, export them, set a field value,
 * retire them (administrators, not on the retired list), restore or delete them (administrators, on
 * the retired list), or clear the selection.
 */
export function SelectionBar({
  selection,
  count,
  summary,
  fields,
  canRetire,
  canRestoreOrDelete,
  extraActions,
  onClear,
  onDone,
}: TSelectionBarProps) {
  const { _ } = useLingui();
  const [open, setOpen] = useState<TOpen>(null);
  const scope = _(
    selection.assetIds
      ? LIST_TEXTS.forSelected(selection.assetIds.length)
      : LIST_TEXTS.forAllMatching(shownCount(count)),
  );
  return (
    <section className={styles.bar} aria-label={_(LIST_TEXTS.selectionActions)}>
      <p className={styles.summary}>{summary}</p>
      <div className={styles.actions}>
        {extraActions}
        <Button variant="secondary" onClick={() => setOpen('value')}>
          {_(LIST_TEXTS.setValue)}
        </Button>
        {canRetire ? (
          <Button variant="secondary" onClick={() => setOpen('retire')}>
            {_(LIST_TEXTS.retire)}
          </Button>
        ) : null}
        {canRestoreOrDelete ? (
          <>
            <Button variant="secondary" onClick={() => setOpen('restore')}>
              {_(LIST_TEXTS.restore)}
            </Button>
            <Button variant="secondary" onClick={() => setOpen('delete')}>
              {_(LIST_TEXTS.delete)}
            </Button>
          </>
        ) : null}
        <Button variant="ghost" onClick={onClear}>
          {_(LIST_TEXTS.clearSelection)}
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
            onDone(_(LIST_TEXTS.setDone(result.changed, formatNumber(result.selected))), 'value');
          }}
        />
      ) : null}
      {open === 'retire' || open === 'restore' || open === 'delete' ? (
        <ServiceDialog
          kind={open}
          selection={selection}
          count={count}
          scope={scope}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setOpen(null);
            onDone(message, 'left');
          }}
        />
      ) : null}
    </section>
  );
}
