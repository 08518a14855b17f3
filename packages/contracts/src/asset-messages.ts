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
  // Retiring, restoring and deleting (docs/product/asset-detail.md#retire-restore-delete, ADR 046).
  retired: 'This asset is retired. Restore it to make changes.',
  alreadyRetired: 'This asset is already retired.',
  notRetired: 'This asset is not retired.',
  openTasks: 'This asset has open tasks. Complete them before retiring it.',
  deleteNotRetired: 'Only a retired asset can be deleted. Retire it first.',
  deleteConfirmMismatch: "Type the asset's name exactly as it is shown to confirm.",
} as const;
