import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { TAuditLogEntry } from '@mqr/contracts';
import { Table } from '#web/components/ui/table.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { AUDIT_TEXTS, auditActorName, auditEntityLabel, describeAuditChanges } from '../texts.ts';
import { ActionBadge } from './action-badge.tsx';
import styles from './audit-logs.module.css';

type TAuditLogTableProps = {
  label: string;
  entries: TAuditLogEntry[];
  /** Column headings that differ between the audit page and the settings activity tab. */
  headings: { date: MessageDescriptor; details: MessageDescriptor };
  /** The audit page shows who acted; the user's own activity does not need it. */
  showUser?: boolean;
  /** Administrators' view: the client IP of each entry. */
  showIp?: boolean;
};

/** Audit entries as a table: date, (user), action badge, entity, change description, (IP address). */
export function AuditLogTable({ label, entries, headings, showUser, showIp }: TAuditLogTableProps) {
  const { _ } = useLingui();
  return (
    <Table label={label} className={showIp ? styles.wideTable : styles.table}>
      <thead>
        <tr>
          <th scope="col">{_(headings.date)}</th>
          {showUser ? <th scope="col">{_(AUDIT_TEXTS.user)}</th> : null}
          <th scope="col">{_(AUDIT_TEXTS.action)}</th>
          <th scope="col">{_(AUDIT_TEXTS.entity)}</th>
          <th scope="col">{_(headings.details)}</th>
          {showIp ? <th scope="col">{_(AUDIT_TEXTS.ipAddress)}</th> : null}
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className={styles.nowrap}>
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </td>
            {showUser ? <td className={styles.user}>{auditActorName(entry.userName)}</td> : null}
            <td>
              <ActionBadge action={entry.action} />
            </td>
            <td className={styles.entity}>
              <span className={styles.entityType}>{auditEntityLabel(entry.entityType)}</span>
              {entry.entityName ? <span className={styles.entityName}>{entry.entityName}</span> : null}
            </td>
            <td className={styles.details}>{describeAuditChanges(entry.changes)}</td>
            {showIp ? <td className={styles.nowrap}>{entry.ipAddress || _(AUDIT_TEXTS.unknownIp)}</td> : null}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
