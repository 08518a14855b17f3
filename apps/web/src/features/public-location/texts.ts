import { msg, plural } from '@lingui/core/macro';

/** The public location page's words (docs/product/locations.md#public-pages), translated. */
export const PUBLIC_LOCATION_TEXTS = {
  loading: msg`Loading location...`,
  failed: msg`This location has no public page, or its QR code is not valid. Staff can sign in to see it.`,
  location: msg`Location`,
  assets: msg`Assets here`,
  assetCount: (count: number) =>
    msg`${plural(count, { one: '# asset in service here and below.', other: '# assets in service here and below.' })}`,
  /** `shown` and `total` written the reader's way. */
  firstShown: (shown: string, total: string) =>
    msg`The first ${shown} of ${total} are listed, overdue first.`,
  noAssets: msg`No assets in service here.`,
  noService: msg`No service planned`,
  signIn: msg`Staff: sign in to see this location’s page`,
};
