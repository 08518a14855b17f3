import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authStore, useAuth } from '../lib/auth-store.ts';
import { redirectFor, type TRouteRule } from './route-access.ts';

/** Renders the route when the viewer may open it, otherwise redirects (rules in route-access.ts). */
export function RouteGuard({ rule }: { rule: Pick<TRouteRule, 'access' | 'signedInRedirect'> }) {
  const viewer = useAuth();
  const { pathname } = useLocation();

  // Expiry is checked on every token read: reading it on each navigation logs out an expired session.
  useEffect(() => {
    void pathname;
    authStore.getToken();
  }, [pathname]);

  const to = redirectFor(rule, viewer);
  if (to) return <Navigate to={to} replace />;
  return <Outlet />;
}
