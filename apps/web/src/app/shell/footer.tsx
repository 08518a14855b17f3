import { PRODUCT_NAME } from '@mqr/contracts';
import type { ReactNode } from 'react';
import { currentYear } from '#web/lib/dates.ts';
import styles from './footer.module.css';

/** The footer: the product's name, and what the page adds beside it (a visitor's language switcher). */
export function Footer({ children }: { children?: ReactNode }) {
  return (
    <footer className={styles.footer}>
      <p>
        © {currentYear()} {PRODUCT_NAME}
      </p>
      {children}
    </footer>
  );
}
