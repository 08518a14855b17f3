import { useLingui } from '@lingui/react';
import { type ReactNode, useId } from 'react';
import { REMINDER_TEXTS } from '#web/lib/texts.ts';
import styles from './account-pages.module.css';

/** A titled part of a settings card, under its form (email reminders, single sign-on). */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "Email reminders": the daily digest's switch under a profile or organization form. */
export function RemindersSection({ children }: { children: ReactNode }) {
  const { _ } = useLingui();
  return <SettingsSection title={_(REMINDER_TEXTS.heading)}>{children}</SettingsSection>;
}
