import { PRODUCT_NAME, roleLabel } from '@mqr/contracts';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { ActivityTimeline } from './activity-timeline.tsx';
import styles from './profile.module.css';
import { ProfileForm } from './profile-form.tsx';
import { Tabs } from './tabs.tsx';

export const PROFILE_TITLE = 'Manage Your Account';

/** The avatar letter: the display name's first character, "?" when there is none. */
export function avatarLetter(displayName: string): string {
  const first = Array.from(displayName.trim())[0];
  return first ? first.toUpperCase() : '?';
}

/** /profile, the richer variant: "Profile Information" (email editable) and "Activity History". */
export function ProfilePage() {
  const auth = useAuth();
  if (!auth) return null;
  const saved = { displayName: auth.displayName, email: auth.email };
  return (
    <>
      <title>{`${PROFILE_TITLE} · ${PRODUCT_NAME}`}</title>
      <PageHeader title={PROFILE_TITLE} />
      <Tabs
        label="Account"
        tabs={[
          {
            id: 'profile',
            label: 'Profile Information',
            content: (
              <Card as="div" className={styles.card}>
                <div className={styles.identity}>
                  <span className={styles.avatar} aria-hidden="true">
                    {avatarLetter(auth.displayName)}
                  </span>
                  <div className={styles.identityText}>
                    <p className={styles.identityName}>{auth.displayName || auth.email}</p>
                    {auth.displayName ? <p className={styles.muted}>{auth.email}</p> : null}
                    <p className={styles.muted}>{roleLabel(auth)}</p>
                  </div>
                </div>
                <ProfileForm saved={saved} editEmail />
              </Card>
            ),
          },
          {
            id: 'activity',
            label: 'Activity History',
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
