import {
  ACTIVITY_PAGE_SIZE,
  AUDIT_MESSAGES,
  PRODUCT_NAME,
  PROFILE_MESSAGES,
  roleLabel,
} from '@mqr/contracts';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { AuditBrowser } from '../../audit-logs/components/audit-browser.tsx';
import { ACTIVITY_ENTITY_TYPE_OPTIONS } from '../../audit-logs/lib/audit-filters.ts';
import styles from './profile.module.css';
import { ProfileForm } from './profile-form.tsx';
import { Tabs } from './tabs.tsx';

export const SETTINGS_TITLE = 'Settings';

const ACTIVITY_HEADINGS = { date: 'Date & Time', details: 'Changes' };

/** /settings, the settings variant: "Profile" (display name and password) and "Activity Logs". */
export function SettingsPage() {
  const auth = useAuth();
  if (!auth) return null;
  const saved = { displayName: auth.displayName, email: auth.email };
  return (
    <>
      <title>{`${SETTINGS_TITLE} · ${PRODUCT_NAME}`}</title>
      <PageHeader title={SETTINGS_TITLE} />
      <Tabs
        label={SETTINGS_TITLE}
        tabs={[
          {
            id: 'profile',
            label: 'Profile',
            content: (
              <Card as="div" className={styles.card}>
                <dl className={styles.facts}>
                  <div>
                    <dt>Email</dt>
                    <dd>{auth.email}</dd>
                  </div>
                  <div>
                    <dt>Role</dt>
                    <dd>{roleLabel(auth)}</dd>
                  </div>
                </dl>
                <ProfileForm saved={saved} editEmail={false} />
              </Card>
            ),
          },
          {
            id: 'activity',
            label: 'Activity Logs',
            content: (
              <AuditBrowser
                scope="mine"
                pageSize={ACTIVITY_PAGE_SIZE}
                label="Activity Logs"
                typeOptions={ACTIVITY_ENTITY_TYPE_OPTIONS}
                headings={ACTIVITY_HEADINGS}
                errorText={AUDIT_MESSAGES.activityLoadFailed}
                emptyText={(filtered) => (filtered ? AUDIT_MESSAGES.empty : PROFILE_MESSAGES.noActivities)}
              />
            ),
          },
        ]}
      />
    </>
  );
}
