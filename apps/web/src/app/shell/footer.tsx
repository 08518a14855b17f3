import { PRODUCT_NAME } from '@mqr/contracts';
import { currentYear } from '#web/lib/dates.ts';
import styles from './footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <p>
        © {currentYear()} {PRODUCT_NAME}
      </p>
    </footer>
  );
}
