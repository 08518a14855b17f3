import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { fileFromDataUrl } from '../lib/png-file.ts';

/**
 * The signature is drawn dark on white, whatever the theme: it reads as ink on paper on the screen,
 * and the PNG it becomes shows the same in the report (ADR 136).
 */
export const SIGNATURE_INK = '#111827';
export const SIGNATURE_PAPER = 'rgb(255, 255, 255)';

/** The largest signature the server keeps, in pixels (ADR 134): the canvas never draws more. */
export const SIGNATURE_MAX_PIXELS = { width: 2000, height: 1000 };

/**
 * A signature pad on `canvas` (signature_pad, through its public API: ADR 136). The canvas is sized
 * to its box at the screen's pixel ratio, and what was drawn is drawn again when the box changes
 * (a phone turned, a window resized). `empty` says whether anything is drawn; `toPng` answers it
 * as a PNG file, null when nothing is.
 */
export function useSignaturePad(canvas: RefObject<HTMLCanvasElement | null>, disabled: boolean) {
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, {
      penColor: SIGNATURE_INK,
      backgroundColor: SIGNATURE_PAPER,
      minWidth: 0.8,
      maxWidth: 2.6,
    });
    pad.current = signature;
    const fit = () => {
      const width = element.offsetWidth;
      const height = element.offsetHeight;
      if (width === 0 || height === 0) return;
      // Sharp on the screen (its pixel ratio), within the size the server keeps.
      const ratio = Math.min(
        Math.max(window.devicePixelRatio || 1, 1),
        SIGNATURE_MAX_PIXELS.width / width,
        SIGNATURE_MAX_PIXELS.height / height,
      );
      if (element.width === Math.round(width * ratio) && element.height === Math.round(height * ratio))
        return;
      const drawn = signature.toData();
      element.width = Math.round(width * ratio);
      element.height = Math.round(height * ratio);
      element.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      if (drawn.length > 0) signature.fromData(drawn);
    };
    fit();
    const onEnd = () => setEmpty(signature.isEmpty());
    signature.addEventListener('endStroke', onEnd);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      signature.removeEventListener('endStroke', onEnd);
      signature.off();
      pad.current = null;
    };
  }, [canvas]);

  useEffect(() => {
    if (disabled) pad.current?.off();
    else pad.current?.on();
  }, [disabled]);

  const clear = useCallback(() => {
    pad.current?.clear();
    setEmpty(true);
  }, []);

  const toPng = useCallback((fileName: string): File | null => {
    const signature = pad.current;
    if (!signature || signature.isEmpty()) return null;
    return fileFromDataUrl(signature.toDataURL('image/png'), fileName);
  }, []);

  return { empty, clear, toPng };
}
