import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import styles from './field-value-list.module.css';

const RETIRED = msg`retired`;

export interface TFieldValueDisplay {
  label: string;
  value: string | null;
  /** False: a retired field, tagged (staff pages; the public page shows none, ADR 091). */
  isActive?: boolean;
}

/** Dates are stored as yyyy-mm-dd strings; longer date-time strings show their first 10 characters. */
function displayValue(value: string | null): string {
  if (value === null || value === '') return '—';
  return /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;
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
          <dd className={styles.value}>{displayValue(field.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
