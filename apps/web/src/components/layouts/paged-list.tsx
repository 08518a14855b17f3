import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { pageCountOf, type TPage } from '#web/lib/paged-response.ts';
import { Alert } from '../ui/alert.tsx';
import { Pager } from '../ui/pager.tsx';
import { StateMessage } from '../ui/state-message.tsx';

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
  const { items, totalCapped } = query.data;
  return (
    <>
      {children(items)}
      <Pager
        page={page}
        pageCount={pageCountOf(query.data)}
        more={totalCapped}
        disabled={query.isFetching}
        onPage={onPage}
      />
    </>
  );
}
