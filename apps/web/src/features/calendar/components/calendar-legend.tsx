import { useLingui } from '@lingui/react';
import { LEGEND } from '../lib/item-state.ts';
import { CALENDAR_TEXTS } from '../texts.ts';
import styles from './calendar.module.css';
import { Marker } from './calendar-item.tsx';

/** What the month's markers mean (each is a shape as well as a colour). */
export function CalendarLegend() {
  const { _ } = useLingui();
  return (
    <ul className={styles.legend} aria-label={_(CALENDAR_TEXTS.legend)}>
      {LEGEND.map((entry) => (
        <li key={entry.tone}>
          <Marker tone={entry.tone} />
          {_(entry.label)}
        </li>
      ))}
    </ul>
  );
}
