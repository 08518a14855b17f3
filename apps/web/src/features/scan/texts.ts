export const SCAN_MESSAGES = {
  noCamera: 'No camera detected. Try using a device with a camera or open the QR code link manually.',
  notAssetCode: 'This is not an asset code.',
  noCodeInPhoto: 'No QR code was found in this photo.',
  photoLabel: 'Scan from a photo',
  offlineUnknown: 'You are offline. This asset will open when you are back online.',
  torch: 'Torch',
  startingCamera: 'Starting camera...',
  readingPhoto: 'Reading photo...',
} as const;
