import type { TAssetSortColumn, TAssetStatus, TSortOrder } from '@mqr/contracts';
import { DUE_TEXTS } from '#web/lib/texts.ts';

const assets = (count: number) => (count === 1 ? '1 asset' : `${count.toLocaleString('en-US')} assets`);

/** The asset list's view, selection and bulk action texts (docs/product/assets.md#asset-list). */
export const LIST_TEXTS = {
  status: 'Show',
  statuses: { active: 'In service', retired: 'Retired', all: 'All' } satisfies Record<TAssetStatus, string>,
  sortBy: 'Sort by',
  sortColumns: {
    created: 'Created',
    updated: 'Updated',
    name: 'Name',
    retired: 'Retired',
  } satisfies Record<TAssetSortColumn, string>,
  order: 'Order',
  orders: { asc: 'Ascending', desc: 'Descending' } satisfies Record<TSortOrder, string>,
  retiredBadge: 'Retired',
  noFilterMatch: 'No assets match these filters.',
  noRetired: 'No assets are retired.',
  viewRefused: (reason: string) => `This view of the list cannot be shown: ${reason}`,
  showAll: 'Show all assets',

  filters: 'Filters',
  filtersCount: (count: number) => `Filters (${count})`,
  filterPanel: 'Filter assets',
  openTasks: 'Open tasks',
  openTasksChoices: { any: 'Any', true: 'With open tasks', false: 'Without open tasks' },
  due: 'Due',
  dueHint: 'Open tasks, and the next due dates of active schedules.',
  dueChoices: { any: 'Any', overdue: DUE_TEXTS.overdue, soon: DUE_TEXTS.dueNext7Days },
  any: 'Any',
  min: 'Min',
  max: 'Max',
  from: 'From',
  to: 'To',
  contains: (label: string) => `${label} contains`,
  applyFilters: 'Apply filters',
  clearFilters: 'Clear filters',
  noFields: 'No custom fields to filter by yet.',
  activeFilters: 'Active filters',
  removeFilter: (summary: string) => `Remove filter ${summary}`,
  summaries: {
    any: (label: string, values: string[]) => `${label}: ${values.join(' or ')}`,
    range: (label: string, min: string | undefined, max: string | undefined) =>
      min && max
        ? `${label}: ${min} to ${max}`
        : min
          ? `${label}: at least ${min}`
          : `${label}: at most ${max}`,
    is: (label: string, value: string) => `${label}: ${value}`,
    contains: (label: string, text: string) => `${label}: contains “${text}”`,
    openTasks: (value: 'true' | 'false') => (value === 'true' ? 'With open tasks' : 'Without open tasks'),
  },
  unknownField: 'Unknown field',

  columns: 'Columns',
  columnsText:
    'Choose the columns of the list. Name, Slug, Created and Actions are always shown; this browser remembers your choice.',
  updatedColumn: 'Updated',
  done: 'Done',

  selectPage: 'Select all assets on this page',
  selectRow: (name: string) => `Select ${name}`,
  selected: (count: number) => `${assets(count)} selected`,
  pageSelected: (count: number) => `All ${assets(count)} on this page are selected.`,
  selectAllMatching: (count: string) => `Select all ${count} matching`,
  allMatchingSelected: (count: string) => `All ${count} matching assets are selected.`,
  clearSelection: 'Clear selection',
  selectionActions: 'Actions on the selected assets',

  printLabels: 'Print labels',
  setValue: 'Set field value',
  setValueTitle: 'Set a field value',
  forSelected: (count: number) => `For the ${assets(count)} selected.`,
  forAllMatching: (count: string) => `For all ${count} assets the list shows.`,
  field: 'Field',
  chooseField: 'Choose a field',
  fieldRequired: 'Choose a field.',
  clearHint: 'Leave the value empty to clear it.',
  apply: 'Apply',
  applying: 'Applying…',
  cancel: 'Cancel',
  setFailed: 'The value could not be set.',
  setDone: (changed: number, selected: number) =>
    `Changed ${assets(changed)} of ${selected.toLocaleString('en-US')}. Retired assets and those that already had this value are left as they were.`,

  retire: 'Retire',
  retireTitle: (count: string) => `Retire ${count === '1' ? '1 asset' : `${count} assets`}?`,
  retireText:
    'Retired assets leave the asset list and become read-only: no edits and no new maintenance. Their history, QR codes and public pages stay. Assets with open tasks stay in service. Each can be restored from its page.',
  retiring: 'Retiring…',
  retireFailed: 'The assets could not be retired.',
  retireDone: (changed: number, withOpenTasks: number) =>
    `Retired ${assets(changed)}.${withOpenTasks > 0 ? ` ${assets(withOpenTasks)} with open tasks stayed in service.` : ''}`,

  restore: 'Restore',
  restoreTitle: (count: string) => `Restore ${count === '1' ? '1 asset' : `${count} assets`}?`,
  restoreText:
    'Restored assets go back in service: they show in the asset list again and can be edited and maintained.',
  restoring: 'Restoring…',
  restoreFailed: 'The assets could not be restored.',
  restoreDone: (changed: number) => `Restored ${assets(changed)}.`,

  delete: 'Delete',
  deleteTitle: (count: string) => `Delete ${count === '1' ? '1 asset' : `${count} assets`} for good?`,
  deleteText:
    'Their custom values, maintenance history and attached files are deleted and cannot be brought back. Their QR codes will no longer open anything. The audit log keeps a record of each deletion.',
  deleteLabel: 'Type the number of assets to confirm',
  deleteHint: (count: number) => `Type ${count}.`,
  deleting: 'Deleting…',
  deleteFailed: 'The assets could not be deleted.',
  deleteDone: (changed: number) => `Deleted ${assets(changed)}.`,
} as const;

/** The asset screens' words: the list, the form, the page and its QR card. */
export const ASSET_TEXTS = {
  // Screen messages (docs/product/assets.md#asset-list, asset-detail.md, public-asset.md).
  listLoading: 'Loading assets...',
  listEmpty: 'No assets have been created yet.',
  listNoMatch: 'No assets match your search.',
  listFailed: 'Unable to load assets. Ensure the API is reachable.',
  detailFailed: 'Unable to load asset. Ensure the API is running.',
  detailMissingId: 'Asset identifier missing in route.',
  formLoading: 'Loading asset details...',
  formLoadFailed: 'Unable to load asset. Please verify the asset still exists.',
  fieldsLoadFailed: 'Unable to load asset field definitions.',
  createFailed: 'Failed to create the asset. Please try again.',
  updateFailed: 'Failed to update the asset. Please try again.',
  updated: 'Asset updated successfully.',
  printBlocked:
    'Unable to open print preview. Allow pop-ups for this site, then try again. Please try downloading the QR code instead.',
} as const;

/** The texts of retiring, restoring and deleting an asset (docs/product/asset-detail.md#retire-restore-delete). */
export const RETIREMENT_TEXTS = {
  retire: 'Retire asset',
  retiring: 'Retiring…',
  retireTitle: 'Retire this asset?',
  retireText:
    'A retired asset leaves the asset list and becomes read-only: no edits and no new maintenance. Its history, QR code and public page stay. You can restore it at any time.',
  retireFailed: 'The asset could not be retired.',
  retiredTitle: (date: string) => `Retired on ${date}.`,
  retiredText: 'This asset is read-only. Restore it to edit it or record maintenance.',
  restore: 'Restore asset',
  restoring: 'Restoring…',
  restoreFailed: 'The asset could not be restored.',
  delete: 'Delete asset',
  deleting: 'Deleting…',
  deleteTitle: 'Delete this asset for good?',
  deleteText:
    'Its custom values, maintenance history and attached files are deleted and cannot be brought back. Its QR code will no longer open anything. The audit log keeps a record of the deletion.',
  deleteLabel: 'Type the asset name to confirm',
  deleteFailed: 'The asset could not be deleted.',
  cancel: 'Cancel',
} as const;
