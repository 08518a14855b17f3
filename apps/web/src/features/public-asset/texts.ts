import { msg } from '@lingui/core/macro';

/** The public asset page's words (translated, docs/translating.md). */
export const PUBLIC_ASSET_TEXTS = {
  publicLoading: msg`Loading asset...`,
  publicFailed: msg`Unable to load asset. Please check the QR code or try again later.`,
  publicRetiredNotice: msg`This asset is retired: it is no longer in service. Its history is kept.`,
  qrSlug: (slug: string) => msg`QR slug: ${slug}`,
  qrAlt: (name: string) => msg`QR code for ${name}`,
  details: msg`Asset details`,
  history: msg`Maintenance history`,
  files: msg`Files`,
  asset: msg`Asset`,
  /** Where the asset is, where its organization shows it: its location's full path. */
  location: (path: string) => msg`Location: ${path}`,
};
