import { useLingui } from '@lingui/react';
import type { TCalendarAssignee } from '@mqr/contracts';
import { Link } from 'react-router';
import hidden from '#web/components/ui/visually-hidden.module.css';
import { longDate, paramsOf } from '../lib/calendar-range.ts';
import { CALENDAR_TEXTS } from '../texts.ts';
import styles from './calendar.module.css';

/** The agenda from a day on, with the same assignee: where a day's items that did not fit are read. */
export function agendaOf(date: string, assignee: TCalendarAssignee) {
  return `/calendar?${paramsOf({ view: 'agenda', date, assignee })}`;
}

/** "+3 more": the day's other items, in the agenda. */
export function MoreLink({
  date,
  count,
  assignee,
}: {
  date: string;
  count: number;
  assignee: TCalendarAssignee;
}) {
  const { _ } = useLingui();
  return (
    <Link className={styles.more} to={agendaOf(date, assignee)}>
      {_(CALENDAR_TEXTS.more(count))}{' '}
      <span className={hidden.visuallyHidden}>{_(CALENDAR_TEXTS.moreOn(longDate(date)))}</span>
    </Link>
  );
}
