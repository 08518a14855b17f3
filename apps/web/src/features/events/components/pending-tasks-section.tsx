import { TASK_MESSAGES } from '@mqr/contracts';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { pageCountOf } from '#web/lib/paged-response.ts';
import { usePendingTasks } from '../hooks/use-pending-tasks.ts';
import { useTaskAction } from '../hooks/use-task-action.ts';
import { PendingTaskItem } from './pending-task-item.tsx';
import styles from './pending-tasks.module.css';

/**
 * "Pending maintenance tasks" card: the organization's open tasks, paged by the server.
 * `onTaskChanged` reloads what else a started or completed task changes (the dashboard's figures).
 */
export function PendingTasksSection({ onTaskChanged }: { onTaskChanged?: () => void }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [page, setPage] = useState(1);
  const query = usePendingTasks(page);
  const action = useTaskAction(TASK_MESSAGES, onTaskChanged);

  const data = query.data;
  const pageCount = data ? pageCountOf(data) : 1;
  // The last page emptied (its tasks were completed): go back to the new last page.
  const lastPageEmptied = !!data && !query.isPlaceholderData && data.items.length === 0 && page > 1;
  useEffect(() => {
    if (lastPageEmptied) setPage(pageCount);
  }, [lastPageEmptied, pageCount]);

  // A finished action can take the focused button away (a completed task leaves the list, a started
  // one loses "Start task"): keyboard users then go on from the heading instead of the page top.
  const settled = action.settled;
  useEffect(() => {
    if (!settled) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body) headingRef.current?.focus();
  }, [settled]);

  let content: ReactNode;
  if (query.isPending) {
    content = <StateMessage>{TASK_MESSAGES.loading}</StateMessage>;
  } else if (query.isError) {
    content = (
      <div className={styles.failed}>
        <Alert>{TASK_MESSAGES.loadFailed}</Alert>
        <Button variant="secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (query.data.items.length === 0) {
    content = <StateMessage>{TASK_MESSAGES.empty}</StateMessage>;
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
    <Card className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
        {TASK_MESSAGES.title}
      </h2>
      {action.failure ? <Alert>{action.failure}</Alert> : null}
      {content}
    </Card>
  );
}
