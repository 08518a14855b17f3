import { formatDateTime } from '#web/lib/dates.ts';
import styles from './event-details.module.css';

/** What an event's notes and stamps are made of; "Last updated" only where the event carries it. */
export type TEventDetailsSource = {
  notes: string | null;
  recordedBy: string | null;
  taskStartedAt: string | null;
  taskStartedBy: string | null;
  taskCompletedAt: string | null;
  taskCompletedBy: string | null;
  updatedAt?: string | null;
  updatedBy?: string | null;
};

type TEventDetailsProps = {
  event: TEventDetailsSource;
  /** How the stamps show their moments: date and time unless told otherwise. */
  formatAt?: (value: string) => string;
  /** Extra class on the stamp list. */
  stampsClassName?: string;
};

/** "{verb} {date} by {user}", or without "by" when the user is unknown; null when it did not happen. */
function stamp(
  verb: string,
  at: string | null | undefined,
  by: string | null | undefined,
  formatAt: (value: string) => string,
) {
  if (!at) return null;
  return `${verb} ${formatAt(at)}${by ? ` by ${by}` : ''}`;
}

/**
 * An event's notes, then its stamps: "Recorded by {name}", "Started {date} by {user}",
 * "Completed {date} by {user}" and "Last updated {date} by {user}", each when known.
 */
export function EventDetails({ event, formatAt = formatDateTime, stampsClassName }: TEventDetailsProps) {
  const stamps = [
    event.recordedBy ? `Recorded by ${event.recordedBy}` : null,
    stamp('Started', event.taskStartedAt, event.taskStartedBy, formatAt),
    stamp('Completed', event.taskCompletedAt, event.taskCompletedBy, formatAt),
    stamp('Last updated', event.updatedAt, event.updatedBy, formatAt),
  ].filter((text): text is string => text !== null);
  return (
    <>
      {event.notes ? <p className={styles.notes}>{event.notes}</p> : null}
      {stamps.length > 0 ? (
        <ul className={[styles.stamps, stampsClassName].filter(Boolean).join(' ')}>
          {stamps.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
