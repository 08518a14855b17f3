import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { TPendingTask } from '@mqr/contracts';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { OfflineNotice } from '#web/components/ui/offline-notice.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Translated } from '#web/components/ui/translated.tsx';
import { pageCountOf } from '#web/lib/paged-response.ts';
import { OFFLINE_TEXTS } from '#web/lib/texts.ts';
import { useOnline } from '#web/lib/use-online.ts';
import { usePendingTasks } from '../api/get-pending-tasks.ts';
import { useTaskAction } from '../api/task-action.ts';
import {
  NO_TASK_FILTERS,
  PENDING_TASKS_ID,
  type TTaskFilters,
  taskFiltersOf,
  withTaskFilters,
} from '../lib/task-filters.ts';
import { TASK_FILTER_TEXTS, TASK_MESSAGES } from '../texts.ts';
import { CompleteTaskDialog } from './complete-task-dialog.tsx';
import { PendingTaskItem } from './pending-task-item.tsx';
import styles from './pending-tasks.module.css';

/**
 * "Pending maintenance tasks" card: the organization's open tasks by due date, paged by the server,
 * narrowed by the filters in the URL (overdue or due soon, assigned to me).
 * `onTaskChanged` reloads what else a started or completed task changes (the dashboard's figures).
 */
export function PendingTasksSection({ onTaskChanged }: { onTaskChanged?: () => void }) {
  const { _ } = useLingui();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [params, setParams] = useSearchParams();
  const filters = taskFiltersOf(params);
  const filtersKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ page: 1, filtersKey });
  // A new filter starts again from the first page.
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, filtersKey });
  const query = usePendingTasks(page, filters);
  const filtered = filters.due !== undefined || filters.mine;
  useScrollToCard(headingRef);
  const action = useTaskAction(TASK_MESSAGES, onTaskChanged);
  const [completing, setCompleting] = useState<TPendingTask | null>(null);
  const online = useOnline();

  const data = query.data;
  const pageCount = data ? pageCountOf(data) : 1;
  // The last page emptied (its tasks were completed): go back to the new last page.
  const lastPageEmptied = !!data && !query.isPlaceholderData && data.items.length === 0 && page > 1;
  useEffect(() => {
    if (lastPageEmptied) setPaging({ page: pageCount, filtersKey });
  }, [lastPageEmptied, pageCount, filtersKey]);

  // A finished action can take the focused button away (a completed task leaves the list, a started
  // one loses "Start task"): keyboard users then go on from the heading instead of the page top.
  const settled = action.settled;
  useEffect(() => {
    if (!settled) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body) headingRef.current?.focus();
  }, [settled]);

  let content: ReactNode;
  if (!query.data) {
    if (!online) {
      content = (
        <OfflineNotice>
          <Translated message={OFFLINE_TEXTS.tasks} />
        </OfflineNotice>
      );
    } else if (query.isError) {
      content = (
        <div className={styles.failed}>
          <Alert>{_(TASK_MESSAGES.loadFailed)}</Alert>
          <Button variant="secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
            {_(TASK_MESSAGES.retry)}
          </Button>
        </div>
      );
    } else {
      content = <StateMessage>{_(TASK_MESSAGES.loading)}</StateMessage>;
    }
  } else if (query.data.items.length === 0) {
    content = (
      <StateMessage>{filtered ? _(TASK_FILTER_TEXTS.noneMatch) : _(TASK_MESSAGES.empty)}</StateMessage>
    );
  } else {
    const busy = action.running;
    content = (
      <>
        <ul className={styles.list} aria-labelledby={headingId}>
          {query.data.items.map((task) => (
            <PendingTaskItem
              key={task.eventId}
              task={task}
              busyAction={busy?.task.eventId === task.eventId ? busy.action : null}
              disabled={busy !== undefined}
              onAction={(kind) => action.run(kind, task)}
              onCompleteWithWork={() => setCompleting(task)}
            />
          ))}
        </ul>
        <Pager
          page={page}
          pageCount={pageCount}
          more={data?.totalCapped ?? false}
          disabled={query.isFetching || action.running !== undefined}
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <Card id={PENDING_TASKS_ID} className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
        {_(TASK_MESSAGES.title)}
      </h2>
      <TaskFilterButtons
        filters={filters}
        onChange={(next) => setParams(withTaskFilters(params, next), { replace: true })}
      />
      {action.failure ? (
        <Alert>
          <p>{_(action.failure)}</p>
          {action.failureReason ? <p>{action.failureReason}</p> : null}
        </Alert>
      ) : null}
      {content}
      {completing ? (
        <CompleteTaskDialog
          assetId={completing.assetId}
          eventId={completing.eventId}
          title={completing.title}
          downFrom={completing.downFrom}
          busy={action.running !== undefined}
          onClose={() => setCompleting(null)}
          onComplete={(work) => {
            action.completeWith(completing, work);
            setCompleting(null);
          }}
        />
      ) : null}
    </Card>
  );
}

/** The filters as toggle buttons: "Overdue" and "Due soon" (one at a time), "Assigned to me". */
function TaskFilterButtons({
  filters,
  onChange,
}: {
  filters: TTaskFilters;
  onChange: (filters: TTaskFilters) => void;
}) {
  const { _ } = useLingui();
  const toggle = (label: MessageDescriptor, pressed: boolean, next: TTaskFilters) => (
    <Button
      variant="secondary"
      className={styles.filter}
      aria-pressed={pressed}
      onClick={() => onChange(next)}
    >
      {_(label)}
    </Button>
  );
  const dueToggle = (due: 'overdue' | 'soon', label: MessageDescriptor) =>
    toggle(label, filters.due === due, { ...filters, due: filters.due === due ? undefined : due });
  return (
    <fieldset className={styles.filterSet}>
      <legend className={styles.filterLegend}>{_(TASK_FILTER_TEXTS.group)}</legend>
      <div className={styles.filters}>
        {dueToggle('overdue', TASK_FILTER_TEXTS.overdue)}
        {dueToggle('soon', TASK_FILTER_TEXTS.soon)}
        {toggle(TASK_FILTER_TEXTS.mine, filters.mine, { ...filters, mine: !filters.mine })}
        {filters.due !== undefined || filters.mine ? (
          <Button variant="ghost" onClick={() => onChange(NO_TASK_FILTERS)}>
            {_(TASK_FILTER_TEXTS.showAll)}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

/** Opened at #pending-tasks (a dashboard card's link): the card scrolls into view, its heading focused. */
function useScrollToCard(headingRef: RefObject<HTMLHeadingElement | null>) {
  const location = useLocation();
  useEffect(() => {
    if (location.hash !== `#${PENDING_TASKS_ID}`) return;
    const heading = headingRef.current;
    heading?.scrollIntoView?.({ block: 'start' });
    heading?.focus({ preventScroll: true });
    // Every visit counts (the same card clicked again), not only a new hash.
  }, [location, headingRef]);
}
