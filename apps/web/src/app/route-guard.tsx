import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authStore, useAuth } from '../lib/auth-store.ts';
import {
  keepReturnPath,
  keptReturnPath,
  RETURN_PARAM,
  safeReturnPath,
  signInPathFrom,
} from '../lib/return-path.ts';
import { LOGIN_PATH, redirectFor, type TRouteRule } from './route-access.ts';

/**
 * Opens the page a sign-in returns to, and forgets the one kept for single sign-on: the first
 * target holds until the navigation lands (forgetting it re-renders the guard before then).
 */
function ReturnAfterSignIn({ to }: { to: string }) {
  const [target] = useState(to);
  useEffect(() => keepReturnPath(null), []);
  return <Navigate to={target} replace />;
}

/**
 * Renders the route when the viewer may open it, otherwise redirects (rules in route-access.ts): a
 * visitor to the sign-in page, which returns to this page afterwards; a signed-in user away from the
 * sign-in pages, to the page that sent them there (`?next=`, or the one kept in this tab across a
 * single sign-on) if it is one of this site, else the rule's page.
 */
export function RouteGuard({ rule }: { rule: Pick<TRouteRule, 'access' | 'signedInRedirect'> }) {
  const viewer = useAuth();
  const { pathname, search, hash, key } = useLocation();

  // Expiry is checked on every token read: reading it on each navigation logs out an expired session.
  useEffect(() => {
    void pathname;
    authStore.getToken();
  }, [pathname]);

  const to = redirectFor(rule, viewer);
  // Each redirect is keyed by the location: a navigation that cancels it before it lands (its screen still
  // loading) and comes back to this address remounts it, so it redirects again instead of showing nothing.
  if (to === LOGIN_PATH)
    return <Navigate key={key} to={signInPathFrom(`${pathname}${search}${hash}`)} replace />;
  if (to && viewer && to === rule.signedInRedirect) {
    const origin = window.location.origin;
    const next =
      safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM), origin) ?? keptReturnPath(origin);
    return <ReturnAfterSignIn key={key} to={next ?? to} />;
  }
  if (to) return <Navigate key={key} to={to} replace />;
  return <Outlet />;
}
