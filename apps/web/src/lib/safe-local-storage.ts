/** The browser's localStorage, or null where there is none or it is blocked (private modes, policies). */
export function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
