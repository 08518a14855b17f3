import { useLingui } from '@lingui/react';
import type { TCalendarAssignee, TCalendarDay } from '@mqr/contracts';
import { Link } from 'react-router';
import hidden from '#web/components/ui/visually-hidden.module.css';
import { dayOfMonth, longDate, monthWeeks, weekdayNames } from '../lib/calendar-range.ts';
import { mostUrgent } from '../lib/item-state.ts';
import { CALENDAR_TEXTS } from '../texts.ts';
import styles from './calendar.module.css';
import { CalendarItem, Marker } from './calendar-item.tsx';
import { agendaOf, MoreLink } from './more-link.tsx';

type TMonthViewProps = {
  /** Any date of the month shown. */
  date: string;
  today: string;
  days: ReadonlyMap<string, TCalendarDay>;
  assignee: TCalendarAssignee;
  label: string;
};

/**
 * The month as a table of weeks, from the first day of the active language's week. A day lists its first items and "+N more"; on a phone
 * it shows how many items it has, a link to the agenda from that day.
 */
export function MonthView({ date, today, days, assignee, label }: TMonthViewProps) {
  const { _ } = useLingui();
  const month = date.slice(0, 7);
  return (
    <table className={styles.month} aria-label={label}>
      <thead>
        <tr>
          {weekdayNames().map((name) => (
            <th key={name} scope="col">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(date).map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const work = days.get(day);
              const shown = work?.items ?? [];
              const classes = [
                styles.cell,
                day.slice(0, 7) !== month ? styles.otherMonth : '',
                day === today ? styles.today : '',
              ];
              return (
                <td
                  key={day}
                  className={classes.filter(Boolean).join(' ')}
                  aria-current={day === today ? 'date' : undefined}
                >
                  <span className={styles.dayNumber} aria-hidden="true">
                    {dayOfMonth(day)}
                  </span>
                  <span className={hidden.visuallyHidden}>{longDate(day)}</span>
                  {work ? (
                    <>
                      <ul className={styles.cellItems}>
                        {shown.map((item) => (
                          <li key={item.key}>
                            <CalendarItem item={item} compact />
                          </li>
                        ))}
                      </ul>
                      {work.total > shown.length ? (
                        <MoreLink date={day} count={work.total - shown.length} assignee={assignee} />
                      ) : null}
                      <Link className={styles.count} to={agendaOf(day, assignee)}>
                        {shown[0] ? <Marker tone={mostUrgent(shown)} /> : null}
                        <span aria-hidden="true">{work.total}</span>
                        <span className={hidden.visuallyHidden}>
                          {_(CALENDAR_TEXTS.itemsOn(work.total, longDate(day)))}
                        </span>
                      </Link>
                    </>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
