import { englishMessages, said } from './messages.ts';
// No zod here: the public page's bundle reads these without the schemas (ADR 032).

export const ASSET_NAME_MAX_LENGTH = 200;
export const ASSET_DESCRIPTION_MAX_LENGTH = 2000;
/** An asset's identifier in another tool (a Snipe-IT asset tag, a HomeBox asset ID): as long as a slug. */
export const ASSET_EXTERNAL_ID_MAX_LENGTH = 255;

export const ASSET_MESSAGES = {
  ...englishMessages({
    nameRequired: /*i18n*/ { id: 'asset.nameRequired', message: 'Asset name is required.' },
    nameTooLong: said(
      /*i18n*/ {
        id: 'asset.nameTooLong',
        message: 'Asset name must be at most {assetNameMaxLength} characters.',
      },
      { assetNameMaxLength: ASSET_NAME_MAX_LENGTH },
    ),
    descriptionTooLong: said(
      /*i18n*/ {
        id: 'asset.descriptionTooLong',
        message: 'Description must be at most {assetDescriptionMaxLength} characters.',
      },
      { assetDescriptionMaxLength: ASSET_DESCRIPTION_MAX_LENGTH },
    ),
    otherOrganization: /*i18n*/ {
      id: 'asset.otherOrganization',
      message: 'You can only save assets in your own organization.',
    },
    externalIdTooLong: said(
      /*i18n*/ {
        id: 'asset.externalIdTooLong',
        message: 'External ID must be at most {assetExternalIdMaxLength} characters.',
      },
      { assetExternalIdMaxLength: ASSET_EXTERNAL_ID_MAX_LENGTH },
    ),
    externalIdTaken: /*i18n*/ {
      id: 'asset.externalIdTaken',
      message: 'Another asset of the organization has this external ID.',
    },
    retired: /*i18n*/ { id: 'asset.retired', message: 'This asset is retired. Restore it to make changes.' },
    alreadyRetired: /*i18n*/ { id: 'asset.alreadyRetired', message: 'This asset is already retired.' },
    notRetired: /*i18n*/ { id: 'asset.notRetired', message: 'This asset is not retired.' },
    openTasks: /*i18n*/ {
      id: 'asset.openTasks',
      message: 'This asset has open tasks. Complete them before retiring it.',
    },
    deleteNotRetired: /*i18n*/ {
      id: 'asset.deleteNotRetired',
      message: 'Only a retired asset can be deleted. Retire it first.',
    },
    deleteConfirmMismatch: /*i18n*/ {
      id: 'asset.deleteConfirmMismatch',
      message: "Type the asset's name exactly as it is shown to confirm.",
    },
  }),
  // Retiring, restoring and deleting (docs/product/asset-detail.md#retire-restore-delete, ADR 046).
} as const;
