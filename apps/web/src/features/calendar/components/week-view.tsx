import { useLingui } from '@lingui/react';
import { addDays, type TCalendarAssignee, type TCalendarDay } from '@mqr/contracts';
import { useId } from 'react';
import { longDate, shortDate, weekStart } from '../lib/calendar-range.ts';
import { CALENDAR_TEXTS } from '../texts.ts';
import styles from './calendar.module.css';
import { CalendarItemList, TodayTag } from './calendar-item.tsx';
import { MoreLink } from './more-link.tsx';

type TWeekViewProps = {
  date: string;
  today: string;
  days: ReadonlyMap<string, TCalendarDay>;
  assignee: TCalendarAssignee;
};

function WeekDay({
  day,
  today,
  work,
  assignee,
}: {
  day: string;
  today: string;
  work: TCalendarDay | undefined;
  assignee: TCalendarAssignee;
}) {
  const { _ } = useLingui();
  const headingId = useId();
  const shown = work?.items ?? [];
  return (
    <li
      className={[styles.weekDay, day === today ? styles.today : ''].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
      aria-current={day === today ? 'date' : undefined}
    >
      <h3 id={headingId} className={styles.dayHeading}>
        <span className={styles.wide}>{shortDate(day)}</span>
        <span className={styles.narrow}>{longDate(day)}</span>
        {day === today ? <TodayTag /> : null}
      </h3>
      {shown.length > 0 ? (
        <CalendarItemList items={shown} />
      ) : (
        <p className={styles.nothing}>{_(CALENDAR_TEXTS.nothingDue)}</p>
      )}
      {work && work.total > shown.length ? (
        <MoreLink date={day} count={work.total - shown.length} assignee={assignee} />
      ) : null}
    </li>
  );
}

/** The week, from the first day of the active language's week (ADR 114): seven columns on a wide screen, one after the other on a narrow one. */
export function WeekView({ date, today, days, assignee }: TWeekViewProps) {
  const first = weekStart(date);
  return (
    <ol className={styles.week}>
      {Array.from({ length: 7 }, (_, index) => addDays(first, index)).map((day) => (
        <WeekDay key={day} day={day} today={today} work={days.get(day)} assignee={assignee} />
      ))}
    </ol>
  );
}
