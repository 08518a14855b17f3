/** Scanner constants (docs/product/scanning.md#scanner-details). */
export const SCAN_DELAY_MS = 500;
export const VIDEO_PLAY_TIMEOUT_MS = 5000;
export const IMAGE_LOAD_TIMEOUT_MS = 10_000;
/** Rear camera preferred; any camera accepted. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: { ideal: 'environment' } },
  audio: false,
};
