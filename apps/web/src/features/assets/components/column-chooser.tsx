import { useLingui } from '@lingui/react';
import type { TFieldDefinition } from '@mqr/contracts';
import { Button } from '#web/components/ui/button.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { Dialog, DialogFooter } from '#web/components/ui/dialog.tsx';
import { LOCATION_COLUMN, type TListColumn, UPDATED_COLUMN } from '../hooks/use-list-columns.ts';
import { LIST_TEXTS } from '../texts.ts';
import styles from './filter-panel.module.css';

type TColumnChooserProps = {
  columns: TListColumn[];
  /** The organization's Asset fields; the active ones can be columns. */
  fields: TFieldDefinition[];
  onChoose: (columns: TListColumn[]) => void;
  onClose: () => void;
};

/** The optional columns of the asset list: Location, Updated and each active custom field, ticked on or off. */
export function ColumnChooser({ columns, fields, onChoose, onClose }: TColumnChooserProps) {
  const { _ } = useLingui();
  const choices = [
    { id: LOCATION_COLUMN, label: _(LIST_TEXTS.locationColumn) },
    { id: UPDATED_COLUMN, label: _(LIST_TEXTS.updatedColumn) },
    ...fields.filter((field) => field.isActive).map((field) => ({ id: field.id, label: field.label })),
  ];
  const toggle = (id: string, on: boolean) =>
    onChoose(on ? [...columns, id] : columns.filter((column) => column !== id));
  return (
    <Dialog title={_(LIST_TEXTS.columns)} onClose={onClose}>
      <div className={styles.dialogBody}>
        <p>{_(LIST_TEXTS.columnsText)}</p>
        <div className={styles.options}>
          {choices.map((choice) => (
            <CheckboxField
              key={choice.id}
              label={choice.label}
              checked={columns.includes(choice.id)}
              onChange={(event) => toggle(choice.id, event.target.checked)}
            />
          ))}
        </div>
        <DialogFooter>
          <Button onClick={onClose}>{_(LIST_TEXTS.done)}</Button>
        </DialogFooter>
      </div>
    </Dialog>
  );
}
