import type { ReactNode, TableHTMLAttributes } from 'react';
import styles from './table.module.css';

type TTableProps = TableHTMLAttributes<HTMLTableElement> & { label: string; children: ReactNode };

/**
 * A data table in a horizontally scrollable, keyboard-focusable region (usable on a phone).
 * `label` names the region and the table for assistive technology.
 */
export function Table({ label, className, children, ...rest }: TTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={styles.scroll} aria-label={label} tabIndex={0}>
      <table className={[styles.table, className].filter(Boolean).join(' ')} aria-label={label} {...rest}>
        {children}
      </table>
    </section>
  );
}
