import { PRODUCT_NAME } from '@mqr/contracts';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import styles from './home-page.module.css';

const FEATURES = [
  {
    title: 'Manage assets',
    text: 'Keep every asset with its details, custom fields and printable QR code in one place.',
  },
  {
    title: 'Capture maintenance',
    text: 'Log maintenance events with notes and files, and move tasks from pending to completed.',
  },
  {
    title: 'Share safely',
    text: 'Anyone who scans a code sees a read-only history page, without signing in.',
  },
] as const;

export function HomePage() {
  return (
    <>
      <title>{PRODUCT_NAME}</title>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.heading}>
          Maintenance history at a glance
        </h1>
        <p className={styles.lead}>
          Track assets, log maintenance events, and deliver read-only history over QR codes.
        </p>
        <div className={styles.actions}>
          <ButtonLink to="/assets">View assets</ButtonLink>
          <ButtonLink to="/scan" variant="secondary">
            Scan QR
          </ButtonLink>
        </div>
      </section>
      <ul className={styles.features}>
        {FEATURES.map((feature) => (
          <li key={feature.title}>
            <Card as="article" className={styles.feature}>
              <h2 className={styles.featureTitle}>{feature.title}</h2>
              <p className={styles.featureText}>{feature.text}</p>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
