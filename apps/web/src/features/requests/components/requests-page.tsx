import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  REQUEST_STATE_FILTERS,
  REQUEST_URGENCIES,
  type TRequestListItem,
  type TRequestStateFilter,
  type TRequestUrgency,
} from '@mqr/contracts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { URGENCY_WORDS } from '#web/features/public-asset/index.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { type TRequestFilters, useRequests } from '../api/requests-api.ts';
import { ageOf } from '../lib/age.ts';
import { REQUEST_TEXTS } from '../texts.ts';
import { RequestThumbnail } from './request-thumbnail.tsx';
import styles from './requests.module.css';
import { STATE_WORDS, StateBadge, UrgencyBadge } from './urgency-badge.tsx';

const FILTER_WORDS: Record<TRequestStateFilter, MessageDescriptor> = {
  ...STATE_WORDS,
  open: REQUEST_TEXTS.stateOpen,
};

/** The filters as the address holds them (the detail's "All requests" comes back to the same list). */
function useFilters(): [TRequestFilters, (next: Partial<TRequestFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const state = params.get('state');
  const urgency = params.get('urgency');
  const filters: TRequestFilters = {
    state: (REQUEST_STATE_FILTERS as readonly string[]).includes(state ?? '')
      ? (state as TRequestStateFilter)
      : 'new',
    urgency: (REQUEST_URGENCIES as readonly string[]).includes(urgency ?? '')
      ? (urgency as TRequestUrgency)
      : '',
    q: params.get('q') ?? '',
  };
  const set = (next: Partial<TRequestFilters>) => {
    const merged = { ...filters, ...next };
    const search = new URLSearchParams();
    if (merged.state !== 'new') search.set('state', merged.state);
    if (merged.urgency) search.set('urgency', merged.urgency);
    if (merged.q) search.set('q', merged.q);
    setParams(search, { replace: true });
  };
  return [filters, set];
}

function RequestRow({ request }: { request: TRequestListItem }) {
  const { _ } = useLingui();
  return (
    <tr className={request.urgency === 'unsafe' && request.state === 'new' ? styles.unsafeRow : undefined}>
      <td data-label={_(REQUEST_TEXTS.columnUrgency)}>
        <UrgencyBadge urgency={request.urgency} />
      </td>
      <td data-label={_(REQUEST_TEXTS.columnProblem)} className={styles.problemCell}>
        <Link to={`/requests/${encodeURIComponent(request.id)}`} className={styles.problem}>
          {request.description}
        </Link>
      </td>
      <td data-label={_(REQUEST_TEXTS.columnAsset)}>
        <Link to={`/assets/${encodeURIComponent(request.asset.id)}`}>{request.asset.name}</Link>
      </td>
      <td data-label={_(REQUEST_TEXTS.columnPhotos)}>
        {request.photoCount > 0 ? (
          <span className={styles.photoCell}>
            {request.firstPhotoId ? (
              <RequestThumbnail requestId={request.id} photoId={request.firstPhotoId} />
            ) : null}
            {_(REQUEST_TEXTS.photoCount(request.photoCount))}
          </span>
        ) : (
          '–'
        )}
      </td>
      <td data-label={_(REQUEST_TEXTS.columnMeToo)}>
        {request.meTooCount > 0 ? _(REQUEST_TEXTS.meTooCount(request.meTooCount)) : '–'}
      </td>
      <td data-label={_(REQUEST_TEXTS.columnAge)}>
        <time dateTime={request.createdAt}>{_(ageOf(request.createdAt))}</time>
      </td>
      <td data-label={_(REQUEST_TEXTS.columnState)}>
        <StateBadge state={request.state} />
      </td>
    </tr>
  );
}

/** /requests: the organization's requests, unsafe first then newest, filtered, a page at a time. */
export function RequestsPage() {
  const { _ } = useLingui();
  const [filters, setFilters] = useFilters();
  const [typed, setTyped] = useState(filters.q);
  const settled = useDebouncedValue(typed, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search changes the address
  useEffect(() => {
    if (settled !== filters.q) setFilters({ q: settled });
  }, [settled]);
  const requests = useRequests(filters);
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className={styles.page}>
      <title>{_(REQUEST_TEXTS.title)}</title>
      <PageHeader title={_(REQUEST_TEXTS.title)} subtitle={_(REQUEST_TEXTS.subtitle)} />
      <Card>
        <search className={styles.filters} aria-label={_(REQUEST_TEXTS.filters)}>
          <SelectField
            label={_(REQUEST_TEXTS.state)}
            value={filters.state}
            onChange={(event) => setFilters({ state: event.target.value as TRequestStateFilter })}
          >
            {(['new', 'open', 'accepted', 'done', 'closed'] as const).map((state) => (
              <option key={state} value={state}>
                {_(FILTER_WORDS[state])}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={_(REQUEST_TEXTS.urgency)}
            value={filters.urgency}
            onChange={(event) => setFilters({ urgency: event.target.value as TRequestUrgency | '' })}
          >
            <option value="">{_(REQUEST_TEXTS.anyUrgency)}</option>
            {[...REQUEST_URGENCIES].reverse().map((urgency) => (
              <option key={urgency} value={urgency}>
                {_(URGENCY_WORDS[urgency])}
              </option>
            ))}
          </SelectField>
          <TextField
            label={_(REQUEST_TEXTS.search)}
            hint={_(REQUEST_TEXTS.searchHint)}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </search>
      </Card>
      {requests.isPending ? <StateMessage>{_(REQUEST_TEXTS.loading)}</StateMessage> : null}
      {requests.isError ? <Alert>{failureMessage(_(REQUEST_TEXTS.loadFailed), requests.error)}</Alert> : null}
      {requests.isSuccess && items.length === 0 ? (
        <StateMessage>
          {filters.state === 'new' && !filters.urgency && !filters.q
            ? _(REQUEST_TEXTS.emptyNew)
            : _(REQUEST_TEXTS.empty)}
        </StateMessage>
      ) : null}
      {items.length > 0 ? (
        <Table label={_(REQUEST_TEXTS.title)} stacked>
          <thead>
            <tr>
              <th scope="col">{_(REQUEST_TEXTS.columnUrgency)}</th>
              <th scope="col">{_(REQUEST_TEXTS.columnProblem)}</th>
              <th scope="col">{_(REQUEST_TEXTS.columnAsset)}</th>
              <th scope="col">{_(REQUEST_TEXTS.columnPhotos)}</th>
              <th scope="col">{_(REQUEST_TEXTS.columnMeToo)}</th>
              <th scope="col">{_(REQUEST_TEXTS.columnAge)}</th>
              <th scope="col">{_(REQUEST_TEXTS.columnState)}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
          </tbody>
        </Table>
      ) : null}
      {requests.isFetchNextPageError ? <Alert>{_(REQUEST_TEXTS.loadFailed)}</Alert> : null}
      {requests.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            disabled={requests.isFetchingNextPage}
            onClick={() => void requests.fetchNextPage()}
          >
            {requests.isFetchingNextPage ? _(REQUEST_TEXTS.loadingMore) : _(REQUEST_TEXTS.showMore)}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
