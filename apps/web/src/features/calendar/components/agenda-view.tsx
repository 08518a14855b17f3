import { CALENDAR_MESSAGES, type TCalendarAssignee, type TCalendarItem } from '@mqr/contracts';
import { useId } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useAgenda } from '../hooks/use-agenda.ts';
import { longDate } from '../lib/calendar-range.ts';
import styles from './calendar.module.css';
import { CalendarItemList, TodayTag } from './calendar-item.tsx';

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

/** The agenda: the range's days that have work, in order, a page at a time ("Show more"). */
export function AgendaView({
  range,
  assignee,
}: {
  range: { from: string; to: string };
  assignee: TCalendarAssignee;
}) {
  const agenda = useAgenda(range, assignee);
  if (agenda.isPending) return <StateMessage>{CALENDAR_MESSAGES.loading}</StateMessage>;
  if (agenda.isError) return <Alert>{failureMessage(CALENDAR_MESSAGES.loadFailed, agenda.error)}</Alert>;
  const items = agenda.data.pages.flatMap((page) => page.items);
  const today = agenda.data.pages[0]?.today ?? '';
  if (items.length === 0) return <StateMessage>{CALENDAR_MESSAGES.empty}</StateMessage>;
  const byDate = new Map<string, TCalendarItem[]>();
  for (const item of items) byDate.set(item.date, [...(byDate.get(item.date) ?? []), item]);
  return (
    <div className={styles.agenda}>
      {[...byDate].map(([date, dayItems]) => (
        <AgendaDay key={date} date={date} today={today} items={dayItems} />
      ))}
      {agenda.isFetchNextPageError ? <Alert>{CALENDAR_MESSAGES.loadFailed}</Alert> : null}
      {agenda.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={agenda.isFetchingNextPage}
          onClick={() => void agenda.fetchNextPage()}
        >
          {agenda.isFetchingNextPage ? CALENDAR_MESSAGES.loadingMore : CALENDAR_MESSAGES.showMore}
        </Button>
      ) : null}
    </div>
  );
}
