import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { ACTIVITY_PAGE_SIZE } from '@mqr/contracts';
import { Pager } from '#web/components/ui/pager.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { countLabel } from '#web/lib/paged-response.ts';
import { useAuditList } from '../api/get-audit-logs.ts';
import { AUDIT_TEXTS, auditActionLabel, auditEntityLabel, describeAuditChanges } from '../texts.ts';
import { actionTone } from './action-badge.tsx';
import { ActionIcon } from './action-icon.tsx';
import styles from './activity-timeline.module.css';
import { AuditQueryView } from './audit-query-view.tsx';

/** "12 activities in total" in the active language ("10,000+ activities" where the server stopped counting). */
export function activityCount(total: number, capped = false): string {
  return i18n._(
    capped ? AUDIT_TEXTS.activityCountCapped(countLabel(total, capped)) : AUDIT_TEXTS.activityCount(total),
  );
}

/** The profile's Activity History: the user's own entries as a timeline, 20 a page. */
export function ActivityTimeline() {
  const { _ } = useLingui();
  const list = useAuditList('mine', ACTIVITY_PAGE_SIZE);
  return (
    <AuditQueryView
      list={list}
      errorText={_(AUDIT_TEXTS.activityLoadFailed)}
      emptyText={_(AUDIT_TEXTS.noActivities)}
    >
      {(page) => (
        <>
          <ol className={styles.timeline} aria-label={_(AUDIT_TEXTS.activityHistory)}>
            {page.items.map((entry) => (
              <li key={entry.id} className={styles.entry}>
                <span className={`${actionTone(entry.action)} ${styles.marker}`} aria-hidden="true">
                  <ActionIcon action={entry.action} />
                </span>
                <div className={styles.entryBody}>
                  <p className={styles.entryTitle}>
                    <span className={styles.entryAction}>{auditActionLabel(entry.action)}</span>{' '}
                    <span className={styles.entryEntity}>
                      {auditEntityLabel(entry.entityType)}
                      {entry.entityName ? ` · ${entry.entityName}` : null}
                    </span>
                  </p>
                  <p className={styles.entryDetails}>{describeAuditChanges(entry.changes)}</p>
                  <time className={styles.entryDate} dateTime={entry.createdAt}>
                    {formatDateTime(entry.createdAt)}
                  </time>
                </div>
              </li>
            ))}
          </ol>
          <div className={styles.timelineFooter}>
            <p className={styles.count}>{activityCount(page.total, page.totalCapped)}</p>
            <Pager
              page={list.page}
              pageCount={list.pageCount}
              more={page.totalCapped}
              disabled={list.query.isFetching}
              onPage={list.setPage}
            />
          </div>
        </>
      )}
    </AuditQueryView>
  );
}
