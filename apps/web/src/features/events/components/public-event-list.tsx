import type { TPublicAsset } from '@mqr/contracts';
import { AttachmentList } from '#web/components/ui/attachment-list.tsx';
import { DueBadge } from '#web/components/ui/due-badge.tsx';
import { StatusPill } from '#web/components/ui/status-pill.tsx';
import { FieldValueList } from '#web/features/fields/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { showsPerformedDate } from '../lib/performed.ts';
import card from './event-card.module.css';
import { EventDetails } from './event-details.tsx';

type TPublicEvent = TPublicAsset['events'][number];

function PublicEventItem({ event }: { event: TPublicEvent }) {
  return (
    <li className={card.card}>
      <div className={card.head}>
        <h3 className={card.title}>{event.title}</h3>
        <StatusPill status={event.taskStatus} />
      </div>
      {showsPerformedDate(event) ? (
        <time className={card.muted} dateTime={event.performedAt}>
          {formatDateTime(event.performedAt)}
        </time>
      ) : null}
      <DueBadge dueOn={event.dueOn} dueState={event.dueState} />
      <EventDetails event={event} />
      {event.fields.length > 0 ? (
        <FieldValueList fields={event.fields.map((field) => ({ ...field, isActive: true }))} />
      ) : null}
      {event.files.length > 0 ? <AttachmentList files={event.files} /> : null}
    </li>
  );
}

/** The public page's maintenance history: read-only event cards in the server's order. */
export function PublicEventList({ events }: { events: TPublicEvent[] }) {
  return (
    <ol className={card.cards}>
      {events.map((event, index) => (
        // Public events carry no id; the list is read-only and ordered by the server.
        // biome-ignore lint/suspicious/noArrayIndexKey: no stable id on public events
        <PublicEventItem key={`${event.performedAt}-${index}`} event={event} />
      ))}
    </ol>
  );
}
