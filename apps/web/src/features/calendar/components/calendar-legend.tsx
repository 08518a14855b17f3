import { CALENDAR_MESSAGES } from '@mqr/contracts';
import { LEGEND } from '../lib/item-state.ts';
import styles from './calendar.module.css';
import { Marker } from './calendar-item.tsx';

/** What the month's markers mean (each is a shape as well as a colour). */
export function CalendarLegend() {
  return (
    <ul className={styles.legend} aria-label={CALENDAR_MESSAGES.legend}>
      {LEGEND.map((entry) => (
        <li key={entry.tone}>
          <Marker tone={entry.tone} />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
