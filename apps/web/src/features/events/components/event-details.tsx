import { useLingui } from '@lingui/react';
import { formatDateTime } from '#web/lib/dates.ts';
import { STAMP_TEXTS } from '../texts.ts';
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

/**
 * An event's notes, then its stamps: "Recorded by {name}", "Started {date} by {user}",
 * "Completed {date} by {user}" and "Last updated {date} by {user}", each when known.
 */
export function EventDetails({ event, formatAt = formatDateTime, stampsClassName }: TEventDetailsProps) {
  const { _ } = useLingui();
  // "{verb} {date} by {user}", or without "by" when the user is unknown; nothing when it did not happen.
  const stamp = (
    kind: 'started' | 'completed' | 'updated',
    at: string | null | undefined,
    by: string | null | undefined,
  ) => {
    if (!at) return null;
    const texts = STAMP_TEXTS[kind];
    return by ? _(texts.by(formatAt(at), by)) : _(texts.alone(formatAt(at)));
  };
  const stamps = [
    event.recordedBy ? _(STAMP_TEXTS.recordedBy(event.recordedBy)) : null,
    stamp('started', event.taskStartedAt, event.taskStartedBy),
    stamp('completed', event.taskCompletedAt, event.taskCompletedBy),
    stamp('updated', event.updatedAt, event.updatedBy),
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
