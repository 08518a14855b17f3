import type { ReactNode } from 'react';
import styles from './state-message.module.css';

/** A quiet loading or empty state inside a card or table (announced politely). */
export function StateMessage({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={styles.message}>
      {children}
    </p>
  );
}
