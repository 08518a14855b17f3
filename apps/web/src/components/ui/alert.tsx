import type { ReactNode } from 'react';
import styles from './alert.module.css';

type TAlertProps = { tone?: 'error' | 'success' | 'info'; children: ReactNode };

/** Errors are announced at once (role="alert"); other tones politely (role="status"). */
export function Alert({ tone = 'error', children }: TAlertProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`${styles.alert} ${styles[tone]}`}>
      {children}
    </div>
  );
}
