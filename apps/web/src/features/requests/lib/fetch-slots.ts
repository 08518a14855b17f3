/**
 * At most `size` tasks at once, the others waiting their turn in order: the list's thumbnails are
 * fetched a few at a time, so a long page never sends dozens of photo downloads together.
 */
export function fetchSlots(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
