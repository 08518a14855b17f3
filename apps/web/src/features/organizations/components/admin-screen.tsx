import { PRODUCT_NAME } from '@mqr/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import type { TPage } from '../../../lib/paged-response.ts';
import styles from './admin-screen.module.css';

/** What the create form last reported (shown above it). */
export type TScreenStatus = { tone: 'error' | 'success'; text: string } | null;

type TAdminScreenProps = {
  title: string;
  onRefresh: () => void;
  status: TScreenStatus;
  form: ReactNode;
  listTitle: string;
  list: ReactNode;
};

/**
 * The frame of the users and organizations screens: title with Refresh, a card with the create
 * form and its status, and a card with the list.
 */
export function AdminScreen({ title, onRefresh, status, form, listTitle, list }: TAdminScreenProps) {
  const listTitleId = useId();
  return (
    <>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <PageHeader
        title={title}
        actions={
          <Button variant="secondary" onClick={onRefresh}>
            Refresh
          </Button>
        }
      />
      <div className={styles.layout}>
        <Card className={styles.card}>
          {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
          {form}
        </Card>
        <Card className={styles.card} aria-labelledby={listTitleId}>
          <h2 id={listTitleId} className={styles.cardTitle}>
            {listTitle}
          </h2>
          {list}
        </Card>
      </div>
    </>
  );
}

type TPagedListProps<T> = {
  query: UseQueryResult<TPage<T>>;
  loadingText: string;
  failedText: string;
  page: number;
  onPage: (page: number) => void;
  children: (items: T[]) => ReactNode;
};

/** A paged list's states: loading, load failure, or its items with a pager when there is more than one page. */
export function PagedList<T>({ query, loadingText, failedText, page, onPage, children }: TPagedListProps<T>) {
  if (query.isPending) return <StateMessage>{loadingText}</StateMessage>;
  if (query.isError) return <Alert>{failedText}</Alert>;
  const { items, total, pageSize } = query.data;
  return (
    <>
      {children(items)}
      <Pager
        page={page}
        pageCount={Math.max(1, Math.ceil(total / pageSize))}
        disabled={query.isFetching}
        onPage={onPage}
      />
    </>
  );
}
