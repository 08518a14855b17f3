import { msg } from '@lingui/core/macro';

/** The scan page's words (translated, docs/translating.md). */
export const SCAN_MESSAGES = {
  title: msg`Scan QR`,
  documentTitle: (product: string) => msg`Scan QR · ${product}`,
  cameraPreview: msg`Camera preview`,
  noCamera: msg`No camera detected. Try using a device with a camera or open the QR code link manually.`,
  notAssetCode: msg`This is not an asset code.`,
  noCodeInPhoto: msg`No QR code was found in this photo.`,
  photoLabel: msg`Scan from a photo`,
  offlineUnknown: msg`You are offline. This asset will open when you are back online.`,
  torch: msg`Torch`,
  torchOn: msg`On`,
  torchOff: msg`Off`,
  scanned: (text: string) => msg`Scanned: ${text}`,
  startingCamera: msg`Starting camera...`,
  readingPhoto: msg`Reading photo...`,
};
