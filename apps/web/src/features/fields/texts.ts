/** The custom fields' words: the administration screen and the field inputs. */
export const FIELD_TEXTS = {
  retiredField: 'Retired field. Existing value stays on record.',
  // Screen messages (docs/product/fields.md#field-definitions-page).
  loadFailed: 'Unable to load field definitions.',
  saveFailed: 'Unable to save the field definition. Please review the form values.',
  toggleFailed: 'Unable to update field state.',
  created: 'Field created successfully.',
  updated: 'Field updated successfully.',
  loading: 'Loading fields...',
  empty: 'No fields configured yet.',
  noMatch: 'No fields match your search.',
  publicHint: 'Shown on the public QR page to anyone who scans it. Untick to keep it for signed-in staff.',
  visibilityPublic: 'Public',
  visibilityInternal: 'Internal',
} as const;
