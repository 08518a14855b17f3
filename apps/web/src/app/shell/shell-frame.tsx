import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import styles from './app-shell.module.css';
import { Footer } from './footer.tsx';
import { SHELL_TEXTS } from './texts.ts';

/** The skip link, the header, the main content and the footer (docs/product/overview.md#shell). */
export function ShellFrame({
  header,
  footer,
  children,
}: {
  header: ReactNode;
  /** Beside the footer's name: a signed-out visitor's language switcher. */
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { _ } = useLingui();
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        {_(SHELL_TEXTS.skipToMain)}
      </a>
      {header}
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer>{footer}</Footer>
    </div>
  );
}
