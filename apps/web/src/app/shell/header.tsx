import { Link, NavLink, useLocation } from 'react-router';
import { OfflineStatus } from '#web/features/offline/index.ts';
import { RequestsNavBadge } from '#web/features/requests/index.ts';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { HeaderBar, type THeaderLink } from './header-bar.tsx';
import { UserMenu } from './user-menu.tsx';

/** The router's links: a NavLink (active state, aria-current) when told how to style that state. */
const RouterLink: THeaderLink = ({ to, end, className, onClick, children }) =>
  typeof className === 'function' ? (
    <NavLink to={to} end={end} className={({ isActive }) => className(isActive)} onClick={onClick}>
      {children}
    </NavLink>
  ) : (
    <Link to={to} className={className} onClick={onClick}>
      {children}
    </Link>
  );

export function Header() {
  const snapshot = useAuthSnapshot();
  const { pathname } = useLocation();
  return (
    <HeaderBar
      snapshot={snapshot}
      pathname={pathname}
      Link={RouterLink}
      userMenu={snapshot.auth ? <UserMenu user={snapshot.auth} /> : undefined}
      status={snapshot.auth ? <OfflineStatus /> : undefined}
      linkExtras={snapshot.auth ? { '/requests': <RequestsNavBadge /> } : undefined}
    />
  );
}
