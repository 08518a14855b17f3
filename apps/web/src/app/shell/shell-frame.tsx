import type { ReactNode } from 'react';
import styles from './app-shell.module.css';
import { Footer } from './footer.tsx';

/** The skip link, the header, the main content and the footer (docs/product/overview.md#shell). */
export function ShellFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to main content
      </a>
      {header}
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
