import { useLingui } from '@lingui/react';
import { IMPORT_MATCH_KEYS, type TImportMatchKey } from '@mqr/contracts';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { IMPORT_MATCH_LABELS, IMPORT_TEXTS } from '../texts.ts';
import styles from './column-mapping.module.css';

type TMatchByProps = {
  value: TImportMatchKey;
  /** The mapping can be changed (the import is neither running nor finished). */
  editable: boolean;
  disabled: boolean;
  onChange: (value: TImportMatchKey) => void;
};

/**
 * "Match existing assets by" (ADR 092), above a file of assets' columns: how a row finds the asset it
 * updates, with what that means under it. Read-only once the import runs or is done.
 */
export function MatchBy({ value, editable, disabled, onChange }: TMatchByProps) {
  const { _ } = useLingui();
  if (!editable) {
    return <p className={styles.muted}>{_(IMPORT_TEXTS.matchedBy(_(IMPORT_MATCH_LABELS[value])))}</p>;
  }
  return (
    <div className={styles.matchBy}>
      <SelectField
        label={_(IMPORT_TEXTS.matchLabel)}
        value={value}
        disabled={disabled}
        hint={_(IMPORT_TEXTS.matchHints[value])}
        onChange={(event) => onChange(event.target.value as TImportMatchKey)}
      >
        {IMPORT_MATCH_KEYS.map((key) => (
          <option key={key} value={key}>
            {_(IMPORT_MATCH_LABELS[key])}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
