import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { DUE_SOON_DAYS, type TAssetSortColumn, type TAssetStatus, type TSortOrder } from '@mqr/contracts';
import { DUE_STATE_MESSAGES } from '#web/lib/texts.ts';

import type { TShownCount } from './lib/shown-count.ts';

/** The asset list's view, selection and bulk action texts (docs/product/assets.md#asset-list). */
export const LIST_TEXTS = {
  title: msg`Assets`,
  documentTitle: (product: string) => msg`Assets · ${product}`,
  refresh: msg`Refresh`,
  import: msg`Import`,
  create: msg`Create asset`,
  search: msg`Search by name or slug`,
  status: msg`Show`,
  statuses: {
    active: msg`In service`,
    // The retired assets, as a list shows them (not a row's "Retired").
    retired: msg({ message: 'Retired', context: 'assets shown' }),
    all: msg`All`,
  } satisfies Record<TAssetStatus, MessageDescriptor>,
  sortBy: msg`Sort by`,
  sortColumns: {
    created: msg`Created`,
    updated: msg`Updated`,
    name: msg`Name`,
    retired: msg`Retired`,
  } satisfies Record<TAssetSortColumn, MessageDescriptor>,
  order: msg`Order`,
  orders: { asc: msg`Ascending`, desc: msg`Descending` } satisfies Record<TSortOrder, MessageDescriptor>,
  retiredBadge: msg`Retired`,
  noFilterMatch: msg`No assets match these filters.`,
  noRetired: msg`No assets are retired.`,
  viewRefused: (reason: string) => msg`This view of the list cannot be shown: ${reason}`,
  showAll: msg`Show all assets`,

  // The table.
  table: msg`Assets`,
  select: msg`Select`,
  name: msg`Name`,
  slug: msg`Slug`,
  created: msg`Created`,
  actions: msg`Actions`,
  open: msg`Open`,
  openAsset: (name: string) => msg`Open ${name}`,
  qr: msg`QR`,
  qrOf: (name: string) => msg`QR code for ${name}`,

  filters: msg`Filters`,
  filtersCount: (count: number) => msg`Filters (${count})`,
  filterPanel: msg`Filter assets`,
  openTasks: msg`Open tasks`,
  openTasksChoices: { any: msg`Any`, true: msg`With open tasks`, false: msg`Without open tasks` },
  due: msg`Due`,
  dueHint: msg`Open tasks, and the next due dates of active schedules.`,
  dueChoices: {
    any: msg`Any`,
    overdue: DUE_STATE_MESSAGES.overdue,
    soon: msg`Due in the next ${DUE_SOON_DAYS} days`,
  },
  any: msg`Any`,
  min: msg`Min`,
  max: msg`Max`,
  from: msg`From`,
  to: msg`To`,
  contains: (label: string) => msg`${label} contains`,
  applyFilters: msg`Apply filters`,
  clearFilters: msg`Clear filters`,
  noFields: msg`No custom fields to filter by yet.`,
  activeFilters: msg`Active filters`,
  removeFilter: (summary: string) => msg`Remove filter ${summary}`,
  summaries: {
    /** Options one after the other: "A or B", then "A or B or C". */
    or: (list: string, value: string) => msg`${list} or ${value}`,
    any: (label: string, values: string) => msg`${label}: ${values}`,
    range: (label: string, min: string | undefined, max: string | undefined) => {
      if (min && max) return msg`${label}: ${min} to ${max}`;
      if (min) return msg`${label}: at least ${min}`;
      const most = max ?? '';
      return msg`${label}: at most ${most}`;
    },
    is: (label: string, value: string) => msg`${label}: ${value}`,
    contains: (label: string, text: string) => msg`${label}: contains “${text}”`,
  },
  unknownField: msg`Unknown field`,
  location: msg`Location`,
  locationHint: msg`Its assets and those of every location inside it.`,
  noLocation: msg`No location`,
  locationSummary: (path: string) => msg`Location: ${path}`,
  locationColumn: msg`Location`,

  columns: msg`Columns`,
  columnsText: msg`Choose the columns of the list. Name, Slug, Created and Actions are always shown; this browser remembers your choice.`,
  updatedColumn: msg`Updated`,
  done: msg`Done`,

  selectPage: msg`Select all assets on this page`,
  selectRow: (name: string) => msg`Select ${name}`,
  selected: (count: number) => msg`${plural(count, { one: '# asset selected', other: '# assets selected' })}`,
  pageSelected: (count: number) =>
    msg`${plural(count, { one: 'All # asset on this page are selected.', other: 'All # assets on this page are selected.' })}`,
  /** `count`: how many the list shows, written ("1,234", "200+"). */
  selectAllMatching: (count: string) => msg`Select all ${count} matching`,
  allMatchingSelected: (count: string) => msg`All ${count} matching assets are selected.`,
  clearSelection: msg`Clear selection`,
  selectionActions: msg`Actions on the selected assets`,

  printLabels: msg`Print labels`,
  setValue: msg`Set field value`,
  setValueTitle: msg`Set a field value`,
  forSelected: (count: number) =>
    msg`${plural(count, { one: 'For the # asset selected.', other: 'For the # assets selected.' })}`,
  forAllMatching: (count: string) => msg`For all ${count} assets the list shows.`,
  field: msg`Field`,
  chooseField: msg`Choose a field`,
  fieldRequired: msg`Choose a field.`,
  clearHint: msg`Leave the value empty to clear it.`,
  apply: msg`Apply`,
  applying: msg`Applying…`,
  cancel: msg`Cancel`,
  setFailed: msg`The value could not be set.`,
  /** `selected`: the number selected, written (formatNumber). */
  setDone: (changed: number, selected: string) =>
    msg`Changed ${plural(changed, { one: '# asset', other: '# assets' })} of ${selected}. Retired assets and those that already had this value are left as they were.`,

  moveToLocation: msg`Move to location`,
  moveTitle: msg`Move to a location`,
  moveHint: msg`Type part of a location’s name or path, or choose no location.`,
  chooseLocation: msg`Choose a location.`,
  move: msg`Move`,
  moving: msg`Moving…`,
  moveFailed: msg`The assets could not be moved.`,
  /** `selected`: the number selected, written (formatNumber). */
  movedTo: (changed: number, selected: string, path: string) =>
    msg`Moved ${plural(changed, { one: '# asset', other: '# assets' })} of ${selected} to ${path}.`,
  movedToNone: (changed: number, selected: string) =>
    msg`${plural(changed, { one: '# asset', other: '# assets' })} of ${selected} moved to no location.`,

  retire: msg`Retire`,
  retireTitle: ({ count, more }: TShownCount, shown: string) =>
    more
      ? msg`Retire ${shown} assets?`
      : msg`Retire ${plural(count, { one: '# asset', other: '# assets' })}?`,
  retireText: msg`Retired assets leave the asset list and become read-only: no edits and no new maintenance. Their history, QR codes and public pages stay. Assets with open tasks stay in service. Each can be restored from its page.`,
  retiring: msg`Retiring…`,
  retireFailed: msg`The assets could not be retired.`,
  retireDone: (changed: number, withOpenTasks: number) =>
    withOpenTasks > 0
      ? msg`Retired ${plural(changed, { one: '# asset', other: '# assets' })}. ${plural(withOpenTasks, { one: '# asset with open tasks stayed in service.', other: '# assets with open tasks stayed in service.' })}`
      : msg`Retired ${plural(changed, { one: '# asset', other: '# assets' })}.`,

  restore: msg`Restore`,
  restoreTitle: ({ count, more }: TShownCount, shown: string) =>
    more
      ? msg`Restore ${shown} assets?`
      : msg`Restore ${plural(count, { one: '# asset', other: '# assets' })}?`,
  restoreText: msg`Restored assets go back in service: they show in the asset list again and can be edited and maintained.`,
  restoring: msg`Restoring…`,
  restoreFailed: msg`The assets could not be restored.`,
  restoreDone: (changed: number) => msg`Restored ${plural(changed, { one: '# asset', other: '# assets' })}.`,

  delete: msg`Delete`,
  deleteTitle: ({ count, more }: TShownCount, shown: string) =>
    more
      ? msg`Delete ${shown} assets for good?`
      : msg`Delete ${plural(count, { one: '# asset', other: '# assets' })} for good?`,
  deleteText: msg`Their custom values, maintenance history and attached files are deleted and cannot be brought back. Their QR codes will no longer open anything. The audit log keeps a record of each deletion.`,
  deleteLabel: msg`Type the number of assets to confirm`,
  /** `count`: the digits to type. */
  deleteHint: (count: string) => msg`Type ${count}.`,
  deleting: msg`Deleting…`,
  deleteFailed: msg`The assets could not be deleted.`,
  deleteDone: (changed: number) => msg`Deleted ${plural(changed, { one: '# asset', other: '# assets' })}.`,
};

/** The asset screens' words: the list, the form, the page and its QR card. */
export const ASSET_TEXTS = {
  // Screen messages (docs/product/assets.md#asset-list, asset-detail.md, public-asset.md).
  listLoading: msg`Loading assets...`,
  listEmpty: msg`No assets have been created yet.`,
  listNoMatch: msg`No assets match your search.`,
  listFailed: msg`Unable to load assets. Ensure the API is reachable.`,
  detailFailed: msg`Unable to load asset. Ensure the API is running.`,
  detailMissingId: msg`Asset identifier missing in route.`,
  formLoading: msg`Loading asset details...`,
  formLoadFailed: msg`Unable to load asset. Please verify the asset still exists.`,
  fieldsLoadFailed: msg`Unable to load asset field definitions.`,
  createFailed: msg`Failed to create the asset. Please try again.`,
  updateFailed: msg`Failed to update the asset. Please try again.`,
  updated: msg`Asset updated successfully.`,
  printBlocked: msg`Unable to open print preview. Allow pop-ups for this site, then try again. Please try downloading the QR code instead.`,
};

/** The asset form's words (/assets/new, /assets/{id}/edit). */
export const FORM_TEXTS = {
  editTitle: msg`Edit asset`,
  createTitle: msg`Create asset`,
  documentTitle: (title: string, product: string) => msg`${title} · ${product}`,
  editSubtitle: (name: string) => msg`Update metadata for ${name}.`,
  createSubtitle: msg`Generate a QR-enabled asset record.`,
  back: msg`Back to assets`,
  view: msg`View asset`,
  name: msg`Name`,
  description: msg`Description`,
  externalId: msg`External ID`,
  /** docs/product/requests.md: the asset's own switch of "Report a problem". */
  reportingEnabled: msg`Allow problem reports`,
  reportingEnabledHint: msg`Its public page offers "Report a problem" when the organization allows it.`,
  externalIdHint: msg`Its identifier in another tool, such as a Snipe-IT asset tag. One asset per ID; imports can find the asset by it.`,
  organizationId: msg`Organization ID`,
  organizationPlaceholder: msg`e.g. the demo organization's ID`,
  organizationHint: msg`Leave blank to use your own organization.`,
  organizationIdInvalid: msg`Organization ID must be a valid UUID.`,
  place: msg`Location and parent`,
  customFields: msg`Custom asset fields`,
  customFieldsHint: msg`These fields are managed from the admin portal and apply to all assets.`,
  saving: msg`Saving...`,
  creating: msg`Creating...`,
  save: msg`Save changes`,
  create: msg`Create asset`,
  cancel: msg`Cancel`,
};

/** The QR card of an asset's page and its print window. */
export const QR_TEXTS = {
  title: msg`QR code`,
  alt: (name: string) => msg`QR code for ${name}`,
  unavailable: msg`QR code unavailable.`,
  loading: msg`Loading QR code...`,
  publicUrl: msg`Public URL`,
  download: msg`Download QR`,
  print: msg`Print QR`,
  printTitle: (name: string) => msg`QR code · ${name}`,
};

/** The texts of retiring, restoring and deleting an asset (docs/product/asset-detail.md#retire-restore-delete). */
export const RETIREMENT_TEXTS = {
  retire: msg`Retire asset`,
  retiring: msg`Retiring…`,
  retireTitle: msg`Retire this asset?`,
  retireText: msg`A retired asset leaves the asset list and becomes read-only: no edits and no new maintenance. Its history, QR code and public page stay. You can restore it at any time.`,
  retireFailed: msg`The asset could not be retired.`,
  retiredNotice: msg`Retired asset`,
  retiredTitle: (date: string) => msg`Retired on ${date}.`,
  retiredText: msg`This asset is read-only. Restore it to edit it or record maintenance.`,
  restore: msg`Restore asset`,
  restoring: msg`Restoring…`,
  restoreFailed: msg`The asset could not be restored.`,
  delete: msg`Delete asset`,
  deleting: msg`Deleting…`,
  deleteTitle: msg`Delete this asset for good?`,
  deleteText: msg`Its custom values, maintenance history and attached files are deleted and cannot be brought back. Its QR code will no longer open anything. The audit log keeps a record of the deletion.`,
  deleteLabel: msg`Type the asset name to confirm`,
  deleteFailed: msg`The asset could not be deleted.`,
  cancel: msg`Cancel`,
};

/** Where an asset is and what it is part of, its components and its moves (docs/product/locations.md). */
export const PLACE_TEXTS = {
  location: msg`Location`,
  noLocation: msg`No location`,
  parentAsset: msg`Part of`,
  /** The asset page's move (also offline, ADR 127). */
  move: msg`Move`,
  moveTitle: (name: string) => msg`Move ${name}`,
  nowAt: (path: string) => msg`Now at ${path}.`,
  nowNowhere: msg`Now at no location.`,
  moveFailed: msg`The asset could not be moved.`,
  /** The asset form's pickers. */
  locationHint: msg`Type part of a location’s name or path, such as “boiler” or “plant a room”.`,
  parentHint: msg`The asset this one is a component of (a pump’s motor, a fire panel’s detector). Type part of its name or slug.`,
  noParent: msg`Not a component`,
  searchingAssets: msg`Searching...`,
  noAssetMatch: msg`No asset matches.`,

  components: msg`Components`,
  componentsTable: msg`Components of this asset`,
  componentsLoading: msg`Loading components...`,
  componentsFailed: msg`Unable to load the components.`,
  /** The roll-up: this asset with every component below it, however deep. */
  rollup: (components: number, openTasks: number) =>
    msg`${plural(components, { one: '# component', other: '# components' })}, ${plural(openTasks, { one: '# open task', other: '# open tasks' })} with this asset’s own.`,
  rollupOverdue: (overdue: number) => msg`${plural(overdue, { one: '# overdue', other: '# overdue' })}`,
  rollupDueSoon: (dueSoon: number) => msg`${plural(dueSoon, { one: '# due soon', other: '# due soon' })}`,
  name: msg`Name`,
  openTasks: msg`Open tasks`,
  overdue: msg`Overdue`,
  nextService: msg`Next service`,
  subComponents: (count: number) =>
    msg`${plural(count, { one: '# component of its own', other: '# components of its own' })}`,
  retired: msg`Retired`,
  none: msg`None`,

  moves: msg`Location history`,
  movesLoading: msg`Loading location history...`,
  movesFailed: msg`Unable to load the location history.`,
  /** One move: from and to are paths ("No location" when none), each in a link (<0>, <1>) while it exists. */
  moved: (from: string, to: string) => msg`Moved from <0>${from}</0> to <1>${to}</1>`,
  movedBy: (name: string, when: string) => msg`By ${name}, ${when}`,
};
