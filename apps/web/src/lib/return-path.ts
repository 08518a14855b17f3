/**
 * Where signing in returns to (docs/product/sign-in.md#coming-back-after-signing-in): the page that
 * asked for it, carried in the sign-in page's address as `?next=`, or kept in this tab across a
 * single sign-on round trip. Only a path of this site is ever followed.
 */

export const RETURN_PARAM = 'next';

const SIGN_IN_PATH = '/login';
const MAX_LENGTH = 2000;
/** Backslashes (browsers read "/\host" as "//host"), control characters and white space. */
const UNSAFE = /[\\\p{Cc}\s]/u;

/**
 * The path, query and fragment `value` names on this site (`origin`), or null when it is not a path
 * of this site: anything that is not one absolute path ("//host", a scheme, a backslash, white
 * space or a control character anywhere, or a path that normalises to "//…"), and the sign-in pages
 * themselves.
 */
export function safeReturnPath(value: string | null | undefined, origin: string): string | null {
  if (!value || value.length > MAX_LENGTH || !value.startsWith('/') || value.startsWith('//')) return null;
  if (UNSAFE.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith('//')) return null;
  if (url.pathname === SIGN_IN_PATH || url.pathname.startsWith(`${SIGN_IN_PATH}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address for a visitor sent there from `path` (the page returns to it). */
export function signInPathFrom(path: string): string {
  return path === '/' ? SIGN_IN_PATH : `${SIGN_IN_PATH}?${RETURN_PARAM}=${encodeURIComponent(path)}`;
}

const STORAGE_KEY = 'mqr.sign-in-return';

/** Keeps the return path in this tab while the browser visits the identity provider. */
export function keepReturnPath(path: string | null): void {
  try {
    if (path) sessionStorage.setItem(STORAGE_KEY, path);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the sign-in then opens the dashboard.
  }
}

/** The return path kept in this tab, if it is a path of this site. */
export function keptReturnPath(origin: string): string | null {
  try {
    return safeReturnPath(sessionStorage.getItem(STORAGE_KEY), origin);
  } catch {
    return null;
  }
}
