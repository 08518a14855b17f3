import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ACTIVITY_PAGE_SIZE, PRODUCT_NAME, type TRoleFlags } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { ApiTokensPanel } from '#web/features/api-tokens/components/api-tokens-panel.tsx';
import { API_TOKEN_TEXTS } from '#web/features/api-tokens/texts.ts';
import { AuditBrowser } from '#web/features/audit-logs/components/audit-browser.tsx';
import { ACTIVITY_ENTITY_TYPE_OPTIONS } from '#web/features/audit-logs/lib/audit-filters.ts';
import { AUDIT_TEXTS } from '#web/features/audit-logs/texts.ts';
import { currentUserQuery } from '#web/features/auth/api/get-current-user.ts';
import { OrganizationDigestSwitch } from '#web/features/organizations/components/organization-digest-switch.tsx';
import { OrganizationPublicPagesSwitches } from '#web/features/organizations/components/organization-public-pages-switches.tsx';
import { OrganizationSettingsForm } from '#web/features/organizations/components/organization-settings-form.tsx';
import { SsoSettingsForm } from '#web/features/organizations/components/sso-settings-form.tsx';
import { PUBLIC_PAGES_TEXTS, SSO_SETTINGS_TEXTS } from '#web/features/organizations/texts.ts';
import { DailyDigestSwitch } from '#web/features/profile/components/daily-digest-switch.tsx';
import { LanguageSelect } from '#web/features/profile/components/language-select.tsx';
import { ProfileForm } from '#web/features/profile/components/profile-form.tsx';
import { REQUEST_TEXTS, RequestSettings } from '#web/features/requests/index.ts';
import { WebhooksPanel } from '#web/features/webhooks/components/webhooks-panel.tsx';
import { WEBHOOK_TEXTS } from '#web/features/webhooks/texts.ts';
import { useAuth } from '#web/lib/auth-store.ts';
import { formatDate } from '#web/lib/dates.ts';
import styles from './account-pages.module.css';
import { RemindersSection, SettingsSection } from './reminders-section.tsx';

/** The settings page's own words; its panels' are their features'. */
export const SETTINGS_TEXTS = {
  title: msg`Settings`,
  profileTab: msg`Profile`,
  organizationTab: msg`Organization`,
  activityTab: msg`Activity Logs`,
  email: msg`Email`,
  memberSince: msg`Member since`,
  role: msg`Role`,
  superAdmin: msg`Super Admin`,
  admin: msg`Admin`,
  member: msg`Member`,
  activityDate: msg`Date & Time`,
  activityDetails: msg`Changes`,
};

/** The settings variant names the role "Admin" or "Super Admin" (docs/product/profile-and-settings.md#settings-page). */
export function settingsRoleLabel(user: TRoleFlags): MessageDescriptor {
  if (user.isSuperAdmin) return SETTINGS_TEXTS.superAdmin;
  return user.isAdmin ? SETTINGS_TEXTS.admin : SETTINGS_TEXTS.member;
}

const ACTIVITY_HEADINGS = { date: SETTINGS_TEXTS.activityDate, details: SETTINGS_TEXTS.activityDetails };

/**
 * /settings, the settings variant: "Profile" (features/profile: display name, password and the daily
 * digest), "Activity Logs" (features/audit-logs), "API tokens" (features/api-tokens) and, for
 * administrators, "Organization" (its time zone, daily digest, public pages and single sign-on) and "Webhooks"
 * (features/webhooks).
 */
export function SettingsPage() {
  const { _ } = useLingui();
  const auth = useAuth();
  const token = auth?.token ?? null;
  // The same query as the startup refresh: it carries createdAt ("Member since").
  const me = useQuery(currentUserQuery(token));
  if (!auth) return null;
  const memberSince = me.data?.createdAt;
  const isAdmin = auth.isAdmin || auth.isSuperAdmin;
  const saved = { displayName: auth.displayName, email: auth.email };
  const organizationTab = {
    id: 'organization',
    label: _(SETTINGS_TEXTS.organizationTab),
    content: (
      <Card as="div" className={styles.card}>
        <OrganizationSettingsForm />
        <RemindersSection>
          <OrganizationDigestSwitch />
        </RemindersSection>
        <SettingsSection title={_(PUBLIC_PAGES_TEXTS.heading)}>
          <OrganizationPublicPagesSwitches />
        </SettingsSection>
        <SettingsSection title={_(REQUEST_TEXTS.settingsTitle)}>
          <RequestSettings />
        </SettingsSection>
        <SettingsSection title={_(SSO_SETTINGS_TEXTS.heading)}>
          <SsoSettingsForm />
        </SettingsSection>
      </Card>
    ),
  };
  const webhooksTab = {
    id: 'webhooks',
    label: _(WEBHOOK_TEXTS.tab),
    content: (
      <Card as="div" className={styles.card}>
        <WebhooksPanel />
      </Card>
    ),
  };
  const title = _(SETTINGS_TEXTS.title);
  return (
    <>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <PageHeader title={title} />
      <Tabs
        label={title}
        tabs={[
          {
            id: 'profile',
            label: _(SETTINGS_TEXTS.profileTab),
            content: (
              <Card as="div" className={styles.card}>
                <dl className={styles.facts}>
                  <div>
                    <dt>{_(SETTINGS_TEXTS.email)}</dt>
                    <dd>{auth.email}</dd>
                  </div>
                  {memberSince ? (
                    <div>
                      <dt>{_(SETTINGS_TEXTS.memberSince)}</dt>
                      <dd>{formatDate(memberSince)}</dd>
                    </div>
                  ) : null}
                  <div>
                    <dt>{_(SETTINGS_TEXTS.role)}</dt>
                    <dd>{_(settingsRoleLabel(auth))}</dd>
                  </div>
                </dl>
                <ProfileForm saved={saved} editEmail={false} />
                <LanguageSelect />
                <RemindersSection>
                  <DailyDigestSwitch saved={me.data?.dailyDigest} />
                </RemindersSection>
              </Card>
            ),
          },
          {
            id: 'activity',
            label: _(SETTINGS_TEXTS.activityTab),
            content: (
              <AuditBrowser
                scope="mine"
                pageSize={ACTIVITY_PAGE_SIZE}
                label={_(SETTINGS_TEXTS.activityTab)}
                typeOptions={ACTIVITY_ENTITY_TYPE_OPTIONS}
                headings={ACTIVITY_HEADINGS}
                errorText={_(AUDIT_TEXTS.activityLoadFailed)}
                emptyText={(filtered) => _(filtered ? AUDIT_TEXTS.empty : AUDIT_TEXTS.noActivities)}
              />
            ),
          },
          {
            id: 'api-tokens',
            label: _(API_TOKEN_TEXTS.tab),
            content: (
              <Card as="div" className={styles.card}>
                <ApiTokensPanel isAdmin={isAdmin} isSuperAdmin={auth.isSuperAdmin} />
              </Card>
            ),
          },
          ...(isAdmin ? [organizationTab, webhooksTab] : []),
        ]}
      />
    </>
  );
}
