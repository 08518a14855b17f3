import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The reader's wasm is bundled with the app and served from its own origin: the default is a CDN,
// which a strict CSP and offline installs forbid. Same zxing-wasm version as barcode-detector's.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { TQrDetector } from './load-detector.ts';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

/** A QR-only detector (this module, and so the wasm, is loaded only by the scan page). */
export function createQrDetector(): TQrDetector {
  return new BarcodeDetector({ formats: ['qr_code'] });
}
