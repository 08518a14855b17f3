import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import type { TAuditList, TAuditPage } from '../api/get-audit-logs.ts';
import { AUDIT_TEXTS } from '../texts.ts';
import styles from './audit-logs.module.css';

type TAuditQueryViewProps = {
  list: Pick<TAuditList, 'query' | 'invalidRange'>;
  errorText: string;
  emptyText: string;
  /** The entries of a page that has some. */
  children: (page: TAuditPage) => ReactNode;
};

/** The states of an audit list: loading, failed (with Retry), empty, or its page. */
export function AuditQueryView({ list, errorText, emptyText, children }: TAuditQueryViewProps) {
  const { _ } = useLingui();
  const { query } = list;
  // An invalid date range is explained next to the To field; nothing is requested meanwhile.
  if (list.invalidRange) return null;
  if (query.isPending) return <StateMessage>{_(AUDIT_TEXTS.loading)}</StateMessage>;
  if (query.isError) {
    return (
      <div className={styles.failed}>
        <Alert>{errorText}</Alert>
        <Button variant="secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {_(AUDIT_TEXTS.retry)}
        </Button>
      </div>
    );
  }
  if (query.data.items.length === 0) return <StateMessage>{emptyText}</StateMessage>;
  return children(query.data);
}
