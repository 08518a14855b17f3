import { useLingui } from '@lingui/react';
import type { TCalendarAssignee } from '@mqr/contracts';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { useAssignees } from '../api/get-assignees.ts';
import { CALENDAR_VIEWS, paramsOf, shiftDate, type TCalendarState } from '../lib/calendar-range.ts';
import { CALENDAR_TEXTS, CALENDAR_VIEW_LABELS } from '../texts.ts';
import styles from './calendar.module.css';

type TCalendarToolbarProps = {
  state: TCalendarState;
  today: string;
  onAssignee: (assignee: TCalendarAssignee) => void;
};

/** The view (month, week, agenda), previous / today / next, and whose work. */
export function CalendarToolbar({ state, today, onAssignee }: TCalendarToolbarProps) {
  const { _ } = useLingui();
  const assignees = useAssignees();
  const to = (change: Partial<TCalendarState>) => `?${paramsOf({ ...state, ...change })}`;
  const people = assignees.data ?? [];
  const known =
    ['all', 'me', 'unassigned'].includes(state.assignee) ||
    people.some((person) => person.id === state.assignee);
  return (
    <div className={styles.toolbar}>
      <nav aria-label={_(CALENDAR_TEXTS.views)} className={styles.group}>
        {CALENDAR_VIEWS.map((view) => (
          <ButtonLink
            key={view}
            to={to({ view })}
            variant={view === state.view ? 'primary' : 'secondary'}
            aria-current={view === state.view ? 'true' : undefined}
          >
            {_(CALENDAR_VIEW_LABELS[view])}
          </ButtonLink>
        ))}
      </nav>
      <div className={styles.group}>
        <ButtonLink
          to={to({ date: shiftDate(state.view, state.date, -1) })}
          variant="secondary"
          aria-label={_(CALENDAR_TEXTS.previousPeriod(state.view))}
        >
          <span aria-hidden="true">‹</span> {_(CALENDAR_TEXTS.previous)}
        </ButtonLink>
        <ButtonLink to={to({ date: today })} variant="secondary">
          {_(CALENDAR_TEXTS.today)}
        </ButtonLink>
        <ButtonLink
          to={to({ date: shiftDate(state.view, state.date, 1) })}
          variant="secondary"
          aria-label={_(CALENDAR_TEXTS.nextPeriod(state.view))}
        >
          {_(CALENDAR_TEXTS.next)} <span aria-hidden="true">›</span>
        </ButtonLink>
      </div>
      <div className={styles.filter}>
        <SelectField
          label={_(CALENDAR_TEXTS.assignedTo)}
          value={state.assignee}
          onChange={(event) => onAssignee(event.target.value)}
        >
          <option value="all">{_(CALENDAR_TEXTS.everyone)}</option>
          <option value="me">{_(CALENDAR_TEXTS.me)}</option>
          <option value="unassigned">{_(CALENDAR_TEXTS.unassigned)}</option>
          {people.length > 0 || !known ? (
            <optgroup label={_(CALENDAR_TEXTS.people)}>
              {/* A user not in the list (deactivated, or not loaded yet) stays chosen. */}
              {known ? null : <option value={state.assignee}>{_(CALENDAR_TEXTS.otherPerson)}</option>}
              {people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.displayName}
                </option>
              ))}
            </optgroup>
          ) : null}
        </SelectField>
      </div>
    </div>
  );
}
