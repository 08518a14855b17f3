import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TFieldDataType, TFieldTarget } from '@mqr/contracts';

/** The custom fields' words: the administration screen and the field inputs (translated, docs/translating.md). */
export const FIELD_TEXTS = {
  retiredField: msg`Retired field. Existing value stays on record.`,
  savedValue: (value: string) => msg`Saved value: ${value}`,
  /** A stored value the Select no longer offers: still shown and kept until changed (ADR 020). */
  retiredOption: (value: string) => msg`${value} (retired option)`,
  retiredOptionHint: msg`Retired option. The saved value stays until you choose another.`,
  // A Boolean value as it is read (ADR 118).
  yes: msg`Yes`,
  no: msg`No`,
  // Screen messages (docs/product/fields.md#field-definitions-page).
  loadFailed: msg`Unable to load field definitions.`,
  saveFailed: msg`Unable to save the field definition. Please review the form values.`,
  toggleFailed: msg`Unable to update field state.`,
  created: msg`Field created successfully.`,
  updated: msg`Field updated successfully.`,
  loading: msg`Loading fields...`,
  empty: msg`No fields configured yet.`,
  noMatch: msg`No fields match your search.`,
  publicHint: msg`Shown on the public QR page to anyone who scans it. Untick to keep it for signed-in staff.`,
  visibilityPublic: msg`Public`,
  visibilityInternal: msg`Internal`,
};

/** The field definitions screen's words (docs/product/fields.md#field-definitions-page). */
export const FIELD_ADMIN_TEXTS = {
  title: msg`Field definitions`,
  subtitle: msg`Custom fields shown on asset and maintenance event forms.`,
  search: msg`Search fields`,
  searchPlaceholder: msg`Label, key or type`,
  filters: msg`Field filters`,
  target: msg`Target`,
  showInactive: msg`Show inactive`,
  list: msg`Fields`,
  label: msg`Label`,
  key: msg`Key`,
  type: msg`Type`,
  required: msg`Required`,
  order: msg`Order`,
  status: msg`Status`,
  visibility: msg`Visibility`,
  updated: msg`Updated`,
  actions: msg`Actions`,
  active: msg`Active`,
  inactive: msg`Inactive`,
  edit: msg`Edit`,
  editField: (label: string) => msg`Edit ${label}`,
  activate: msg`Activate`,
  deactivate: msg`Deactivate`,
  activateField: (label: string) => msg`Activate ${label}`,
  deactivateField: (label: string) => msg`Deactivate ${label}`,
  // The form.
  editTitle: (label: string) => msg`Edit field: ${label}`,
  createTitle: msg`Create field`,
  dataType: msg`Data type`,
  displayOrder: msg`Display order`,
  maxLength: msg`Max length`,
  options: msg`Options (one per line)`,
  public: msg`Public`,
  saving: msg`Saving...`,
  update: msg`Update field`,
  create: msg`Create field`,
  cancelEdit: msg`Cancel edit`,
};

/** The data types by name, as the selects and the list show them. */
export const DATA_TYPE_NAMES: Record<TFieldDataType, MessageDescriptor> = {
  Text: msg`Text`,
  Number: msg`Number`,
  Date: msg`Date`,
  Boolean: msg`Boolean`,
  // Not the "Select" of a checkbox column: its own words.
  Select: msg({ message: 'Select', context: 'field data type' }),
};

/** What a field belongs to, as the target select shows it. */
export const TARGET_NAMES: Record<TFieldTarget, MessageDescriptor> = {
  Asset: msg`Asset`,
  MaintenanceEvent: msg`MaintenanceEvent`,
};
