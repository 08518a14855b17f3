import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '@mqr/contracts';
import { type ComponentType, type ReactNode, useCallback, useRef, useState } from 'react';
import type { TAuthSnapshot } from '#web/lib/auth-store.ts';
import { hasAccess } from '../route-access.ts';
import styles from './header.module.css';
import { NAV_LINKS } from './nav-links.ts';
import { SHELL_TEXTS } from './texts.ts';
import { useDismiss } from './use-dismiss.ts';

/**
 * How the header draws a link: the router's links in the app, plain `<a href>` on the lean public
 * page (ADR 032). A `className` function makes it a navigation link, told whether it is the page open.
 */
export type THeaderLink = ComponentType<{
  to: string;
  end?: boolean;
  className?: string | ((isActive: boolean) => string);
  onClick?: () => void;
  children: ReactNode;
}>;

type THeaderBarProps = {
  snapshot: TAuthSnapshot;
  /** The path open: the navigation closes when it changes. */
  pathname: string;
  Link: THeaderLink;
  /** The signed-in user's menu; without it, "Log in". */
  userMenu?: ReactNode;
  /** Beside the menu: the connection and what waits to be sent (the app's header only). */
  status?: ReactNode;
  /** After a link's label, by its path: the count of requests waiting (the app's header only). */
  linkExtras?: Partial<Record<string, ReactNode>>;
};

/** The header (docs/product/overview.md#navigation), without a router of its own. */
export function HeaderBar({ snapshot, pathname, Link, userMenu, status, linkExtras }: THeaderBarProps) {
  const { _ } = useLingui();
  const { auth, organization } = snapshot;
  const [navOpen, setNavOpen] = useState(false);
  const navRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeNav = useCallback(() => setNavOpen(false), []);
  useDismiss(pathname, navOpen, navRef, closeNav, menuButtonRef);

  const title = organization?.name || PRODUCT_NAME;
  const links = NAV_LINKS.filter((link) => hasAccess(link.visibleTo, auth));

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          {organization?.logoUrl ? <img src={organization.logoUrl} alt="" className={styles.logo} /> : null}
          {/* data-truncates: a long organization name is cut on purpose (e2e clip check) */}
          <span className={styles.title} data-truncates>
            {title}
          </span>
        </Link>

        <div className={styles.navArea} ref={navRef}>
          <button
            ref={menuButtonRef}
            type="button"
            className={styles.menuButton}
            aria-expanded={navOpen}
            aria-controls="main-navigation"
            onClick={() => setNavOpen((value) => !value)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              {navOpen ? (
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" fill="none" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" fill="none" />
              )}
            </svg>
            <span>{_(SHELL_TEXTS.menu)}</span>
          </button>
          <nav
            id="main-navigation"
            aria-label={_(SHELL_TEXTS.mainNavigation)}
            className={`${styles.nav} ${navOpen ? styles.navOpen : ''}`}
          >
            <ul className={styles.links}>
              {links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    end={link.end}
                    className={(isActive) => `${styles.link} ${isActive ? styles.active : ''}`}
                    onClick={closeNav}
                  >
                    {_(link.label)}
                    {linkExtras?.[link.to]}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        <div className={styles.account}>
          {status}
          {userMenu ?? (
            <Link to="/login" className={styles.login}>
              {_(SHELL_TEXTS.logIn)}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
