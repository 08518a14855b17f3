import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  ASSET_SORT_COLUMNS,
  ASSET_STATUSES,
  defaultSort,
  SORT_ORDERS,
  type TAssetStatus,
  type TFieldDefinition,
  type TSortOrder,
} from '@mqr/contracts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { fieldSort, orderOf, type TListState, termsOf } from '../lib/list-state.ts';
import { LIST_TEXTS } from '../texts.ts';
import styles from './list-controls.module.css';

type TListControlsProps = {
  state: TListState;
  /** The organization's Asset fields, retired ones included. */
  fields: TFieldDefinition[];
  onChange: (change: Partial<TListState>) => void;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  onColumns: () => void;
  /** The id of the filter panel the Filters button opens. */
  filterPanelId: string;
};

/** The sorts a list offers: its columns (retired date on the retired list only), then the custom fields. */
export function sortChoices(state: Pick<TListState, 'status' | 'sort'>, fields: TFieldDefinition[]) {
  const columns = ASSET_SORT_COLUMNS.filter(
    (column) => column !== 'retired' || state.status === 'retired',
  ).map((column) => ({ value: column as string, label: i18n._(LIST_TEXTS.sortColumns[column]) }));
  // Retired fields are offered only while the list is sorted by one (a shared URL may name it).
  const sortable = fields.filter((field) => field.isActive || fieldSort(field.id) === state.sort);
  return [...columns, ...sortable.map((field) => ({ value: fieldSort(field.id), label: field.label }))];
}

/** Show (in service, retired, all), Sort by, Order, and the Filters and Columns buttons. */
export function ListControls({
  state,
  fields,
  onChange,
  filtersOpen,
  onToggleFilters,
  onColumns,
  filterPanelId,
}: TListControlsProps) {
  const { _ } = useLingui();
  const filterCount =
    new Set(termsOf(state).map((term) => term.fieldId)).size +
    (state.openTasks ? 1 : 0) +
    (state.due ? 1 : 0) +
    (state.location ? 1 : 0);
  return (
    <div className={styles.controls}>
      <div className={styles.selects}>
        <SelectField
          label={_(LIST_TEXTS.status)}
          value={state.status}
          onChange={(event) => {
            const status = event.target.value as TAssetStatus;
            // A list's own default sort follows it (the retired list: newest retired first).
            const keep = state.sort !== defaultSort(state.status) && state.sort !== 'retired';
            onChange({
              status,
              sort: keep ? state.sort : defaultSort(status),
              order: keep ? state.order : undefined,
            });
          }}
        >
          {ASSET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {_(LIST_TEXTS.statuses[status])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={_(LIST_TEXTS.sortBy)}
          value={state.sort}
          onChange={(event) => onChange({ sort: event.target.value, order: undefined })}
        >
          {sortChoices(state, fields).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={_(LIST_TEXTS.order)}
          value={orderOf(state)}
          onChange={(event) => onChange({ order: event.target.value as TSortOrder })}
        >
          {SORT_ORDERS.map((order) => (
            <option key={order} value={order}>
              {_(LIST_TEXTS.orders[order])}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          aria-expanded={filtersOpen}
          aria-controls={filterPanelId}
          onClick={onToggleFilters}
        >
          {_(filterCount > 0 ? LIST_TEXTS.filtersCount(filterCount) : LIST_TEXTS.filters)}
        </Button>
        <Button variant="secondary" onClick={onColumns}>
          {_(LIST_TEXTS.columns)}
        </Button>
      </div>
    </div>
  );
}
