import { PRODUCT_NAME } from '@mqr/contracts';
import type { ReactNode } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import styles from './sign-in-page.module.css';

/** The card of the sign-in screens, titled "Sign in" (and the page's title). */
export function SignInCard({ subtitle, children }: { subtitle?: string; children: ReactNode }) {
  return (
    <div className={styles.wrap}>
      <title>{`Sign in · ${PRODUCT_NAME}`}</title>
      <Card className={styles.card}>
        <div className={styles.heading}>
          <h1 className={styles.title}>Sign in</h1>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        </div>
        {children}
      </Card>
    </div>
  );
}
