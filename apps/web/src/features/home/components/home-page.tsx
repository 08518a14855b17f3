import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '@mqr/contracts';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { HOME_TEXTS } from '../texts.ts';
import styles from './home-page.module.css';

export function HomePage() {
  const { _ } = useLingui();
  return (
    <>
      <title>{PRODUCT_NAME}</title>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.heading}>
          {_(HOME_TEXTS.heading)}
        </h1>
        <p className={styles.lead}>{_(HOME_TEXTS.lead)}</p>
        <div className={styles.actions}>
          <ButtonLink to="/assets">{_(HOME_TEXTS.viewAssets)}</ButtonLink>
          <ButtonLink to="/scan" variant="secondary">
            {_(HOME_TEXTS.scan)}
          </ButtonLink>
        </div>
      </section>
      <ul className={styles.features}>
        {HOME_TEXTS.features.map((feature) => (
          <li key={feature.title.id}>
            <Card as="article" className={styles.feature}>
              <h2 className={styles.featureTitle}>{_(feature.title)}</h2>
              <p className={styles.featureText}>{_(feature.text)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
