import { Outlet, ScrollRestoration } from 'react-router';
import { useSessionStartup } from '#web/features/auth/hooks/use-session-startup.ts';
import styles from './app-shell.module.css';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** Header, main outlet and footer (docs/product/overview.md#shell). Also runs the signed-in startup refresh. */
export function AppShell() {
  useSessionStartup();
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
