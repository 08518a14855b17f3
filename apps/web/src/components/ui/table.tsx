import type { ReactNode, TableHTMLAttributes } from 'react';
import stackedStyles from './stacked-table.module.css';
import styles from './table.module.css';

type TTableProps = TableHTMLAttributes<HTMLTableElement> & {
  label: string;
  /**
   * On a phone, one block per row with each value under its column name instead of a row to scroll
   * sideways: every body cell then carries its column's name in `data-label`.
   */
  stacked?: boolean;
  children: ReactNode;
};

/**
 * A data table in a horizontally scrollable, keyboard-focusable region (usable on a phone).
 * `label` names the region and the table for assistive technology.
 */
export function Table({ label, stacked = false, className, children, ...rest }: TTableProps) {
  const classes = [styles.table, stacked ? stackedStyles.stacked : undefined, className];
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={styles.scroll} aria-label={label} tabIndex={0}>
      <table className={classes.filter(Boolean).join(' ')} aria-label={label} {...rest}>
        {children}
      </table>
    </section>
  );
}
