import { useLingui } from '@lingui/react';
import { PRODUCT_NAME, type TCalendarDay } from '@mqr/contracts';
import { useMemo, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useCalendarDays } from '../api/get-calendar-days.ts';
import { useCalendarState } from '../hooks/use-calendar-state.ts';
import { PER_DAY, periodLabel, rangeOf, type TCalendarState } from '../lib/calendar-range.ts';
import { CALENDAR_TEXTS } from '../texts.ts';
import { AgendaView } from './agenda-view.tsx';
import styles from './calendar.module.css';
import { CalendarLegend } from './calendar-legend.tsx';
import { CalendarToolbar } from './calendar-toolbar.tsx';
import { FeedDialog } from './feed-dialog.tsx';
import { MonthView } from './month-view.tsx';
import { WeekView } from './week-view.tsx';

/** The month or week view of the state's period, once its days are in. */
function DaysView({ state, label }: { state: TCalendarState & { view: 'month' | 'week' }; label: string }) {
  const { _ } = useLingui();
  const range = rangeOf(state.view, state.date);
  const days = useCalendarDays(range, state.assignee, PER_DAY[state.view]);
  const byDate = useMemo(
    () => new Map<string, TCalendarDay>((days.data?.days ?? []).map((day) => [day.date, day])),
    [days.data],
  );
  if (days.isPending) return <StateMessage>{_(CALENDAR_TEXTS.loading)}</StateMessage>;
  if (days.isError) return <Alert>{failureMessage(_(CALENDAR_TEXTS.loadFailed), days.error)}</Alert>;
  const today = days.data.today;
  return state.view === 'month' ? (
    <>
      <CalendarLegend />
      <MonthView date={state.date} today={today} days={byDate} assignee={state.assignee} label={label} />
    </>
  ) : (
    <WeekView date={state.date} today={today} days={byDate} assignee={state.assignee} />
  );
}

/**
 * /calendar: scheduled and due work by month, week or agenda, for everyone or one person, and the
 * user's own feed for calendar apps (docs/product/calendar.md).
 */
export function CalendarPage() {
  const { _ } = useLingui();
  const { state, update, today } = useCalendarState();
  const [subscribing, setSubscribing] = useState(false);
  const label = periodLabel(state.view, state.date);
  const agendaRange = rangeOf('agenda', state.date);
  return (
    <>
      <title>{`${_(CALENDAR_TEXTS.title)} · ${PRODUCT_NAME}`}</title>
      <PageHeader
        title={_(CALENDAR_TEXTS.title)}
        subtitle={_(CALENDAR_TEXTS.subtitle)}
        actions={
          <Button variant="secondary" onClick={() => setSubscribing(true)}>
            {_(CALENDAR_TEXTS.subscribe)}
          </Button>
        }
      />
      <CalendarToolbar state={state} today={today} onAssignee={(assignee) => update({ assignee })} />
      <h2 className={styles.period} aria-live="polite">
        {label}
      </h2>
      {state.view === 'agenda' ? (
        <AgendaView
          range={agendaRange}
          assignee={state.assignee}
          withOverdue={agendaRange.from <= today && today <= agendaRange.to}
        />
      ) : (
        <DaysView state={{ ...state, view: state.view }} label={label} />
      )}
      {subscribing ? <FeedDialog onClose={() => setSubscribing(false)} /> : null}
    </>
  );
}
