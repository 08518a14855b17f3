import type { ReactNode } from 'react';
import styles from './page-header.module.css';

type TPageHeaderProps = { title: string; subtitle?: string; actions?: ReactNode };

/** The page's h1, an optional subtitle and action buttons. */
export function PageHeader({ title, subtitle, actions }: TPageHeaderProps) {
  return (
    <div className={styles.header}>
      <div className={styles.titles}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
