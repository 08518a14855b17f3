// No zod here: the public page's bundle reads these without the schemas (ADR 032).

export const ASSET_NAME_MAX_LENGTH = 200;
export const ASSET_DESCRIPTION_MAX_LENGTH = 2000;
/** An asset's identifier in another tool (a Snipe-IT asset tag, a HomeBox asset ID): as long as a slug. */
export const ASSET_EXTERNAL_ID_MAX_LENGTH = 255;

export const ASSET_MESSAGES = {
  nameRequired: 'Asset name is required.',
  nameTooLong: `Asset name must be at most ${ASSET_NAME_MAX_LENGTH} characters.`,
  descriptionTooLong: `Description must be at most ${ASSET_DESCRIPTION_MAX_LENGTH} characters.`,
  otherOrganization: 'You can only save assets in your own organization.',
  externalIdTooLong: `External ID must be at most ${ASSET_EXTERNAL_ID_MAX_LENGTH} characters.`,
  externalIdTaken: 'Another asset of the organization has this external ID.',
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
  publicLoading: 'Loading asset...',
  publicFailed: 'Unable to load asset. Please check the QR code or try again later.',
  noMaintenance: 'No recorded maintenance yet.',
  retiredField: 'Retired field. Existing value stays on record.',
  // Retiring, restoring and deleting (docs/product/asset-detail.md#retire-restore-delete, ADR 046).
  retired: 'This asset is retired. Restore it to make changes.',
  alreadyRetired: 'This asset is already retired.',
  notRetired: 'This asset is not retired.',
  openTasks: 'This asset has open tasks. Complete them before retiring it.',
  deleteNotRetired: 'Only a retired asset can be deleted. Retire it first.',
  deleteConfirmMismatch: "Type the asset's name exactly as it is shown to confirm.",
  publicRetiredNotice: 'This asset is retired: it is no longer in service. Its history is kept.',
  printBlocked:
    'Unable to open print preview. Allow pop-ups for this site, then try again. Please try downloading the QR code instead.',
} as const;
