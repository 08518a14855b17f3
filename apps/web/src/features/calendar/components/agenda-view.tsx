import { useLingui } from '@lingui/react';
import type { TCalendarAssignee, TCalendarItem } from '@mqr/contracts';
import { useId } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useAgenda } from '../api/get-agenda.ts';
import { useOverdue } from '../api/get-overdue.ts';
import { longDate } from '../lib/calendar-range.ts';
import { CALENDAR_TEXTS } from '../texts.ts';
import styles from './calendar.module.css';
import { CalendarItemList, Marker, TodayTag } from './calendar-item.tsx';

function AgendaDay({ date, today, items }: { date: string; today: string; items: TCalendarItem[] }) {
  const headingId = useId();
  return (
    <section className={styles.agendaDay} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.dayHeading}>
        {longDate(date)}
        {date === today ? <TodayTag /> : null}
      </h3>
      <CalendarItemList items={items} />
    </section>
  );
}

/**
 * The open tasks due before today, however long ago, oldest first, each with its due date: shown
 * first in an agenda that holds today, so that late work is in view where the calendar opens.
 */
function OverdueGroup({ assignee }: { assignee: TCalendarAssignee }) {
  const headingId = useId();
  const { _ } = useLingui();
  const overdue = useOverdue(assignee, true);
  if (overdue.isPending) return null;
  if (overdue.isError) return <Alert>{failureMessage(_(CALENDAR_TEXTS.overdueFailed), overdue.error)}</Alert>;
  const items = overdue.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return null;
  return (
    <section className={`${styles.agendaDay} ${styles.overdueGroup}`} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.dayHeading}>
        <Marker tone="overdue" />
        {_(CALENDAR_TEXTS.overdue)}
      </h3>
      <p className={styles.muted}>{_(CALENDAR_TEXTS.overdueHint)}</p>
      <CalendarItemList items={items} dated />
      {overdue.isFetchNextPageError ? <Alert>{_(CALENDAR_TEXTS.overdueFailed)}</Alert> : null}
      {overdue.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={overdue.isFetchingNextPage}
          onClick={() => void overdue.fetchNextPage()}
        >
          {overdue.isFetchingNextPage ? _(CALENDAR_TEXTS.loadingMore) : _(CALENDAR_TEXTS.showMoreOverdue)}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * The agenda: the range's days that have work, in order, a page at a time ("Show more"); when the
 * range holds today (`withOverdue`), the overdue tasks first.
 */
export function AgendaView({
  range,
  assignee,
  withOverdue,
}: {
  range: { from: string; to: string };
  assignee: TCalendarAssignee;
  withOverdue: boolean;
}) {
  const { _ } = useLingui();
  const agenda = useAgenda(range, assignee);
  if (agenda.isPending) return <StateMessage>{_(CALENDAR_TEXTS.loading)}</StateMessage>;
  if (agenda.isError) return <Alert>{failureMessage(_(CALENDAR_TEXTS.loadFailed), agenda.error)}</Alert>;
  const items = agenda.data.pages.flatMap((page) => page.items);
  const today = agenda.data.pages[0]?.today ?? '';
  const byDate = new Map<string, TCalendarItem[]>();
  for (const item of items) byDate.set(item.date, [...(byDate.get(item.date) ?? []), item]);
  return (
    <div className={styles.agenda}>
      {withOverdue ? <OverdueGroup assignee={assignee} /> : null}
      {items.length === 0 ? <StateMessage>{_(CALENDAR_TEXTS.empty)}</StateMessage> : null}
      {[...byDate].map(([date, dayItems]) => (
        <AgendaDay key={date} date={date} today={today} items={dayItems} />
      ))}
      {agenda.isFetchNextPageError ? <Alert>{_(CALENDAR_TEXTS.loadFailed)}</Alert> : null}
      {agenda.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={agenda.isFetchingNextPage}
          onClick={() => void agenda.fetchNextPage()}
        >
          {agenda.isFetchingNextPage ? _(CALENDAR_TEXTS.loadingMore) : _(CALENDAR_TEXTS.showMore)}
        </Button>
      ) : null}
    </div>
  );
}
