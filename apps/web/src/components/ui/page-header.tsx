import type { ReactNode } from 'react';
import styles from './page-header.module.css';

type TPageHeaderProps = { title: string; subtitle?: string; actions?: ReactNode; children?: ReactNode };

/** The page's h1, an optional subtitle, more lines under them (children) and action buttons. */
export function PageHeader({ title, subtitle, actions, children }: TPageHeaderProps) {
  return (
    <div className={styles.header}>
      <div className={styles.titles}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        {children}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
