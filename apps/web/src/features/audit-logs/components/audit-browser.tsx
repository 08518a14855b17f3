import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import stack from '#web/components/layouts/card-stack.module.css';
import { Card } from '#web/components/ui/card.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { countLabel } from '#web/lib/paged-response.ts';
import { type TAuditScope, useAuditList } from '../api/get-audit-logs.ts';
import { hasAuditFilters, type TEntityTypeOption } from '../lib/audit-filters.ts';
import { AUDIT_TEXTS } from '../texts.ts';
import { AuditFilters } from './audit-filters.tsx';
import { AuditLogTable } from './audit-log-table.tsx';
import styles from './audit-logs.module.css';
import { AuditQueryView } from './audit-query-view.tsx';

type TAuditBrowserProps = {
  scope: TAuditScope;
  pageSize: number;
  /** Names the filter card, the results card and the table. */
  label: string;
  typeOptions: readonly TEntityTypeOption[];
  headings: { date: MessageDescriptor; details: MessageDescriptor };
  errorText: string;
  /** The empty text, by whether a filter is set. */
  emptyText: (filtered: boolean) => string;
  /** The audit page: a results line, the User and (administrators) IP Address columns. */
  summary?: boolean;
  showUser?: boolean;
  showIp?: boolean;
};

/** A filtered, paged audit table: the audit page and the settings screen's Activity Logs tab. */
export function AuditBrowser(props: TAuditBrowserProps) {
  const { _ } = useLingui();
  const list = useAuditList(props.scope, props.pageSize);
  return (
    <div className={stack.stack}>
      <Card aria-label={_(AUDIT_TEXTS.filtersOf(props.label))}>
        <AuditFilters options={props.typeOptions} list={list} />
      </Card>
      <Card className={stack.card} aria-label={_(AUDIT_TEXTS.entriesOf(props.label))}>
        <AuditQueryView
          list={list}
          errorText={props.errorText}
          emptyText={props.emptyText(hasAuditFilters(list.filters))}
        >
          {(page) => (
            <>
              {props.summary ? (
                <p className={styles.summary}>
                  {_(
                    AUDIT_TEXTS.summary(
                      page.items.length,
                      countLabel(page.total, page.totalCapped),
                      page.page,
                      countLabel(list.pageCount, page.totalCapped),
                    ),
                  )}
                </p>
              ) : null}
              <AuditLogTable
                label={props.label}
                entries={page.items}
                headings={props.headings}
                showUser={props.showUser}
                showIp={props.showIp}
              />
              <Pager
                page={list.page}
                pageCount={list.pageCount}
                more={page.totalCapped}
                disabled={list.query.isFetching}
                onPage={list.setPage}
              />
            </>
          )}
        </AuditQueryView>
      </Card>
    </div>
  );
}
