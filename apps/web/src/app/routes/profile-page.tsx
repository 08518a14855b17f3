import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { ActivityTimeline } from '#web/features/audit-logs/components/activity-timeline.tsx';
import { currentUserQuery } from '#web/features/auth/api/get-current-user.ts';
import { DailyDigestSwitch } from '#web/features/profile/components/daily-digest-switch.tsx';
import { LanguageSelect } from '#web/features/profile/components/language-select.tsx';
import { ProfileForm } from '#web/features/profile/components/profile-form.tsx';
import { useAuth } from '#web/lib/auth-store.ts';
import { roleLabel } from '#web/lib/texts.ts';
import styles from './account-pages.module.css';
import { RemindersSection } from './reminders-section.tsx';

/** The profile page's own words. */
export const PROFILE_PAGE_TEXTS = {
  title: msg`Manage Your Account`,
  tabs: msg`Account`,
  profileTab: msg`Profile Information`,
  activityTab: msg`Activity History`,
};

/** The avatar letter: the display name's first character, "?" when there is none. */
export function avatarLetter(displayName: string): string {
  const first = Array.from(displayName.trim())[0];
  return first ? first.toUpperCase() : '?';
}

/**
 * /profile, the richer variant: "Profile Information" (features/profile, email editable, and the
 * daily digest) and "Activity History" (features/audit-logs).
 */
export function ProfilePage() {
  const { _ } = useLingui();
  const auth = useAuth();
  // The same query as the startup refresh: it carries the daily digest setting.
  const me = useQuery(currentUserQuery(auth?.token ?? null));
  if (!auth) return null;
  const saved = { displayName: auth.displayName, email: auth.email };
  const title = _(PROFILE_PAGE_TEXTS.title);
  return (
    <>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <PageHeader title={title} />
      <Tabs
        label={_(PROFILE_PAGE_TEXTS.tabs)}
        tabs={[
          {
            id: 'profile',
            label: _(PROFILE_PAGE_TEXTS.profileTab),
            content: (
              <Card as="div" className={styles.card}>
                <div className={styles.identity}>
                  <span className={styles.avatar} aria-hidden="true">
                    {avatarLetter(auth.displayName)}
                  </span>
                  <div className={styles.identityText}>
                    <p className={styles.identityName}>{auth.displayName || auth.email}</p>
                    {auth.displayName ? <p className={styles.muted}>{auth.email}</p> : null}
                    <p className={styles.muted}>{_(roleLabel(auth))}</p>
                  </div>
                </div>
                <ProfileForm saved={saved} editEmail />
                <LanguageSelect />
                <RemindersSection>
                  <DailyDigestSwitch saved={me.data?.dailyDigest} />
                </RemindersSection>
              </Card>
            ),
          },
          {
            id: 'activity',
            label: _(PROFILE_PAGE_TEXTS.activityTab),
            content: (
              <Card as="div" className={styles.card}>
                <ActivityTimeline />
              </Card>
            ),
          },
        ]}
      />
    </>
  );
}
