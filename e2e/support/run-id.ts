/** A short token per test, so retried or repeated tests never collide on unique keys and names. */
export function uniqueSuffix(): string {
  return Math.random().toString(36).slice(2, 7);
}
