import { SCAN_DELAY_MS } from './scanner-constants.ts';

type TScanLoopOptions = {
  /** One detection attempt: the decoded text, or null when the frame holds no code. */
  detect: () => Promise<string | null>;
  onResult: (text: string) => void;
  onError?: (error: unknown) => void;
  delayMs?: number;
};

/**
 * Detects repeatedly, starting a detection at most every `delayMs` (a slow detection is not
 * followed by another at once either). Returns a function that stops the loop.
 */
export function startScanLoop({ detect, onResult, onError, delayMs = SCAN_DELAY_MS }: TScanLoopOptions) {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    if (stopped) return;
    const startedAt = Date.now();
    try {
      const text = await detect();
      if (!stopped && text) onResult(text);
    } catch (error) {
      if (!stopped) onError?.(error);
    }
    if (stopped) return;
    timer = setTimeout(run, Math.max(0, delayMs - (Date.now() - startedAt)));
  };

  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
