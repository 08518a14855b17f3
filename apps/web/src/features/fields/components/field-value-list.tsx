import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { TFieldDataType } from '@mqr/contracts';
import { fieldValueText } from '../lib/field-value-text.ts';
import styles from './field-value-list.module.css';

const RETIRED = msg`retired`;

export interface TFieldValueDisplay {
  label: string;
  value: string | null;
  /** False: a retired field, tagged (staff pages; the public page shows none, ADR 091). */
  isActive?: boolean;
  /** Known: the value is written the reader's way (Yes/No, a date, a number; ADR 118). */
  dataType?: TFieldDataType | undefined;
}

/**
 * The custom field values of an asset ("Asset details") or an event: each field's label and value
 * (or a dash), retired fields tagged.
 */
export function FieldValueList({ fields }: { fields: TFieldValueDisplay[] }) {
  const { _ } = useLingui();
  return (
    <dl className={styles.list}>
      {fields.map((field) => (
        <div key={field.label} className={styles.row}>
          <dt className={styles.label}>
            {field.label}
            {field.isActive === false ? <span className={styles.retired}>{_(RETIRED)}</span> : null}
          </dt>
          <dd className={styles.value}>{field.value ? fieldValueText(field.dataType, field.value) : '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
