import { useLingui } from '@lingui/react';
import { AUDIT_PAGE_SIZE, PRODUCT_NAME } from '@mqr/contracts';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { isAdminUser, useAuth } from '#web/lib/auth-store.ts';
import { AUDIT_ENTITY_TYPE_OPTIONS } from '../lib/audit-filters.ts';
import { AUDIT_TEXTS } from '../texts.ts';
import { AuditBrowser } from './audit-browser.tsx';

const HEADINGS = { date: AUDIT_TEXTS.date, details: AUDIT_TEXTS.details };

/**
 * /settings/audit-logs: administrators see the organization's log with IP addresses ("Audit Logs"),
 * everyone else their own entries ("My Activity").
 */
export function AuditLogPage() {
  const { _ } = useLingui();
  const admin = isAdminUser(useAuth());
  const title = _(admin ? AUDIT_TEXTS.adminTitle : AUDIT_TEXTS.memberTitle);
  return (
    <>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <PageHeader title={title} />
      <AuditBrowser
        // A role change (startup refresh) starts over on the other list.
        key={admin ? 'all' : 'mine'}
        scope={admin ? 'all' : 'mine'}
        pageSize={AUDIT_PAGE_SIZE}
        label={title}
        typeOptions={AUDIT_ENTITY_TYPE_OPTIONS}
        headings={HEADINGS}
        errorText={_(AUDIT_TEXTS.loadFailed)}
        emptyText={() => _(AUDIT_TEXTS.empty)}
        summary
        showUser
        showIp={admin}
      />
    </>
  );
}
