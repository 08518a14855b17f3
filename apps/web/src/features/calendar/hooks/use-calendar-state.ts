import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { calendarStateOf, localToday, paramsOf, type TCalendarState } from '../lib/calendar-range.ts';

/** Phones open the agenda; wider screens the month. */
const PHONE = '(max-width: 600px)';

function defaultView() {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches ? 'agenda' : 'month';
}

/**
 * The calendar's view, date and assignee, kept in the address: a view can be shared, and Back goes
 * to the one before. Without them: today, and the agenda on a phone, the month elsewhere.
 */
export function useCalendarState() {
  const [params, setParams] = useSearchParams();
  const defaults = useMemo(() => ({ view: defaultView(), date: localToday() }) as const, []);
  const state = useMemo(() => calendarStateOf(params, defaults), [params, defaults]);
  const update = useCallback(
    (change: Partial<TCalendarState>) => setParams(paramsOf({ ...state, ...change })),
    [setParams, state],
  );
  return { state, update, today: defaults.date };
}
