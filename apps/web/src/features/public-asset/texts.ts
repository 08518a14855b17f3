/** The public asset page's words. */
export const PUBLIC_ASSET_TEXTS = {
  publicLoading: 'Loading asset...',
  publicFailed: 'Unable to load asset. Please check the QR code or try again later.',
  publicRetiredNotice: 'This asset is retired: it is no longer in service. Its history is kept.',
} as const;
