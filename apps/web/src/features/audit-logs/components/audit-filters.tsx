import { useLingui } from '@lingui/react';
import { AUDIT_MESSAGES } from '@mqr/contracts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { wordMessage } from '#web/lib/api-messages.ts';
import type { TAuditList } from '../api/get-audit-logs.ts';
import type { TAuditFilters, TEntityTypeOption } from '../lib/audit-filters.ts';
import { AUDIT_TEXTS } from '../texts.ts';
import styles from './audit-logs.module.css';

type TAuditFiltersProps = {
  /** The entity type choices of this screen. */
  options: readonly TEntityTypeOption[];
  list: Pick<TAuditList, 'filters' | 'invalidRange' | 'setFilters' | 'clearFilters'>;
};

/** Entity type, From and To (date and time in the browser's time zone) and Clear Filters. */
export function AuditFilters({ options, list }: TAuditFiltersProps) {
  const { _ } = useLingui();
  const { filters, invalidRange } = list;
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.srOnly}>{_(AUDIT_TEXTS.filters)}</legend>
      <SelectField
        label={_(AUDIT_TEXTS.entityType)}
        value={filters.entityType}
        onChange={(event) =>
          list.setFilters({ entityType: event.target.value as TAuditFilters['entityType'] })
        }
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {_(option.label)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={_(AUDIT_TEXTS.from)}
        type="datetime-local"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => list.setFilters({ from: event.target.value })}
      />
      <TextField
        label={_(AUDIT_TEXTS.to)}
        type="datetime-local"
        value={filters.to}
        min={filters.from || undefined}
        error={invalidRange ? wordMessage(AUDIT_MESSAGES.invalidRange) : undefined}
        onChange={(event) => list.setFilters({ to: event.target.value })}
      />
      <Button variant="secondary" className={styles.clear} onClick={list.clearFilters}>
        {_(AUDIT_TEXTS.clearFilters)}
      </Button>
    </fieldset>
  );
}
