import { PRODUCT_NAME } from '@mqr/contracts';
import { useCallback, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { hasAccess } from '../route-access.ts';
import styles from './header.module.css';
import { NAV_LINKS } from './nav-links.ts';
import { useDismiss } from './use-dismiss.ts';
import { UserMenu } from './user-menu.tsx';

export function Header() {
  const { auth, organization } = useAuthSnapshot();
  const [navOpen, setNavOpen] = useState(false);
  const navRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeNav = useCallback(() => setNavOpen(false), []);
  useDismiss(navOpen, navRef, closeNav, menuButtonRef);

  const title = organization?.name || PRODUCT_NAME;
  const links = NAV_LINKS.filter((link) => hasAccess(link.visibleTo, auth));

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          {organization?.logoUrl ? <img src={organization.logoUrl} alt="" className={styles.logo} /> : null}
          <span className={styles.title}>{title}</span>
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
            <span>Menu</span>
          </button>
          <nav
            id="main-navigation"
            aria-label="Main"
            className={`${styles.nav} ${navOpen ? styles.navOpen : ''}`}
          >
            <ul className={styles.links}>
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
                    onClick={closeNav}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        <div className={styles.account}>
          {auth ? (
            <UserMenu user={auth} />
          ) : (
            <Link to="/login" className={styles.login}>
              Log in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
