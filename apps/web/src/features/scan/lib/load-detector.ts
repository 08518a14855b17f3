export type TDetectSource = HTMLVideoElement | HTMLImageElement;

export type TQrDetector = {
  detect(source: TDetectSource): Promise<{ rawValue: string }[]>;
};

let detector: Promise<TQrDetector> | null = null;

/** The QR detector, loaded on first use (the ~1 MB zxing wasm stays out of every other page). */
export function loadQrDetector(): Promise<TQrDetector> {
  detector ??= import('./zxing-detector.ts').then((module) => module.createQrDetector());
  detector.catch(() => {
    detector = null;
  });
  return detector;
}
