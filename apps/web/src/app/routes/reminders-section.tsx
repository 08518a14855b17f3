import { REMINDER_TEXTS } from '@mqr/contracts';
import { type ReactNode, useId } from 'react';
import styles from './account-pages.module.css';

/** "Email reminders": the daily digest's switch under a profile or organization form. */
export function RemindersSection({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {REMINDER_TEXTS.heading}
      </h2>
      {children}
    </section>
  );
}
