import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '@mqr/contracts';
import type { ReactNode } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { SIGN_IN_TEXTS } from '../texts.ts';
import styles from './sign-in-page.module.css';

/** The card of the sign-in screens, titled "Sign in" (and the page's title). */
export function SignInCard({ subtitle, children }: { subtitle?: string; children: ReactNode }) {
  const { _ } = useLingui();
  const title = _(SIGN_IN_TEXTS.title);
  return (
    <div className={styles.wrap}>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <Card className={styles.card}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        </div>
        {children}
      </Card>
    </div>
  );
}
