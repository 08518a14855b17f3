import { useLingui } from '@lingui/react';
import type { TAssetListItem, TFieldDefinition, TSortOrder } from '@mqr/contracts';
import { Link, useNavigate } from 'react-router';
import { Table } from '#web/components/ui/table.tsx';
import hidden from '#web/components/ui/visually-hidden.module.css';
import { fieldValueText } from '#web/features/fields/index.ts';
import { formatDate } from '#web/lib/dates.ts';
import { UPDATED_COLUMN } from '../hooks/use-list-columns.ts';
import { fieldSort, orderOf, type TListState } from '../lib/list-state.ts';
import { LIST_TEXTS } from '../texts.ts';
import styles from './asset-list-page.module.css';
import { openQrImage } from './open-qr-image.ts';

type TAssetTableProps = {
  assets: TAssetListItem[];
  state: Pick<TListState, 'sort' | 'order'>;
  /** The custom fields shown as columns, in order, and whether "Location" and "Updated" are. */
  fieldColumns: TFieldDefinition[];
  showLocation: boolean;
  showUpdated: boolean;
  onSort: (sort: string, order: TSortOrder | undefined) => void;
  isSelected: (id: string) => boolean;
  onSelect: (id: string, selected: boolean) => void;
};

/**
 * The asset list's table: a checkbox per row, Name, Slug, the location's path (a link to its page)
 * and the custom fields when chosen, Created, Updated when chosen, and Actions. Sortable column headers are buttons; the sorted one says its order.
 */
export function AssetTable({
  assets,
  state,
  fieldColumns,
  showLocation,
  showUpdated,
  onSort,
  isSelected,
  onSelect,
}: TAssetTableProps) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const sortHeader = (label: string, sort: string) => (
    <SortHeader key={sort} label={label} sort={sort} state={state} onSort={onSort} />
  );
  return (
    <Table label={_(LIST_TEXTS.table)} stacked className={styles.table}>
      <thead>
        <tr>
          <th scope="col" className={styles.check}>
            <span className={hidden.visuallyHidden}>{_(LIST_TEXTS.select)}</span>
          </th>
          {sortHeader(_(LIST_TEXTS.name), 'name')}
          <th scope="col">{_(LIST_TEXTS.slug)}</th>
          {showLocation ? <th scope="col">{_(LIST_TEXTS.locationColumn)}</th> : null}
          {fieldColumns.map((field) => sortHeader(field.label, fieldSort(field.id)))}
          {sortHeader(_(LIST_TEXTS.created), 'created')}
          {showUpdated ? sortHeader(_(LIST_TEXTS.updatedColumn), UPDATED_COLUMN) : null}
          <th scope="col">{_(LIST_TEXTS.actions)}</th>
        </tr>
      </thead>
      <tbody>
        {assets.map((asset) => (
          <tr key={asset.id}>
            <td className={styles.check} data-label={_(LIST_TEXTS.select)}>
              <input
                type="checkbox"
                className={styles.checkbox}
                aria-label={_(LIST_TEXTS.selectRow(asset.name))}
                checked={isSelected(asset.id)}
                onChange={(event) => onSelect(asset.id, event.target.checked)}
              />
            </td>
            <td className={styles.name} data-label={_(LIST_TEXTS.name)}>
              {asset.name}
              {asset.retiredAt ? <span className={styles.badge}>{_(LIST_TEXTS.retiredBadge)}</span> : null}
            </td>
            <td data-label={_(LIST_TEXTS.slug)}>
              <code className={styles.slug}>{asset.slug}</code>
            </td>
            {showLocation ? (
              <td className={styles.location} data-label={_(LIST_TEXTS.locationColumn)}>
                {asset.locationId && asset.locationPath ? (
                  <Link to={`/locations/${asset.locationId}`}>{asset.locationPath}</Link>
                ) : null}
              </td>
            ) : null}
            {fieldColumns.map((field) => (
              <td key={field.id} className={styles.value} data-label={field.label}>
                {fieldValueText(field.dataType, asset.values[field.id] ?? '')}
              </td>
            ))}
            <td className={styles.nowrap} data-label={_(LIST_TEXTS.created)}>
              {formatDate(asset.createdAt)}
            </td>
            {showUpdated ? (
              <td className={styles.nowrap} data-label={_(LIST_TEXTS.updatedColumn)}>
                {formatDate(asset.updatedAt)}
              </td>
            ) : null}
            <td data-label={_(LIST_TEXTS.actions)}>
              <div className={styles.rowActions}>
                <Link
                  className={styles.action}
                  to={`/assets/${asset.id}`}
                  aria-label={_(LIST_TEXTS.openAsset(asset.name))}
                >
                  {_(LIST_TEXTS.open)}
                </Link>
                {asset.qrCodeUrl ? (
                  <button
                    type="button"
                    className={styles.action}
                    aria-label={_(LIST_TEXTS.qrOf(asset.name))}
                    onClick={() => {
                      void openQrImage(asset.qrCodeUrl).then((opened) => {
                        // Pop-ups blocked or image unavailable: the asset page shows the QR code.
                        if (!opened) navigate(`/assets/${asset.id}`);
                      });
                    }}
                  >
                    {_(LIST_TEXTS.qr)}
                  </button>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

type TSortHeaderProps = {
  label: string;
  sort: string;
  state: Pick<TListState, 'sort' | 'order'>;
  onSort: (sort: string, order: TSortOrder | undefined) => void;
};

/** A column header that sorts by its column; again, the other way round. */
function SortHeader({ label, sort, state, onSort }: TSortHeaderProps) {
  const sorted = state.sort === sort;
  const order = orderOf(state);
  return (
    <th scope="col" aria-sort={sorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        className={styles.sortButton}
        onClick={() => onSort(sort, sorted ? (order === 'asc' ? 'desc' : 'asc') : undefined)}
      >
        {label}
        <span aria-hidden="true" className={styles.sortMark}>
          {sorted ? (order === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );
}
