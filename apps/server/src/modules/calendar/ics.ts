import { addDays, priorityOfRank, type TLanguage, type TTaskPriority } from '@mqr/contracts';
import { translatorFor } from '#server/lib/i18n/translators.ts';
import { FEED_TEXTS, TASK_STATUS_TEXTS } from './feed-texts.ts';
import type { CalendarRow } from './queries.ts';

// The ICS file of a user's feed, written by ical-generator (ADR 059), in its owner's language (ADR 111).

export interface FeedContent {
  /** The owner's language (theirs, else their organization's). */
  language: TLanguage;
  organizationName: string;
  userName: string;
  /** The organization's time zone: the dates are its calendar's (all-day events carry no zone). */
  timeZone: string;
  publicBaseUrl: string;
  rows: CalendarRow[];
}

/** How often calendar apps are asked to fetch the feed again. */
const REFRESH_SECONDS = 60 * 60;

/** A priority as iCalendar's PRIORITY (1 highest .. 9 lowest, 5 medium). */
const ICS_PRIORITY: Record<TTaskPriority, number> = { urgent: 1, high: 3, normal: 5, low: 9 };

/**
 * An event's UID, stable across fetches so that calendar apps update an event rather than add a
 * second one. A schedule's occurrence and the task it becomes share it (schedule and due date), so
 * the event stays the same when the engine creates the task.
 */
export function feedUid(
  row: Pick<CalendarRow, 'kind' | 'id' | 'scheduleId' | 'date'>,
  domain: string,
): string {
  if (row.scheduleId) return `schedule-${row.scheduleId}-${row.date}@${domain}`;
  return `task-${row.id}@${domain}`;
}

export async function buildFeed(content: FeedContent): Promise<string> {
  // ical-generator loads with the first feed, not with the server (idle memory, ADR 033).
  const { default: ical } = await import('ical-generator');
  const domain = new URL(content.publicBaseUrl).hostname;
  const tr = translatorFor(content.language);
  const planned = tr.t(FEED_TEXTS.planned);
  const statuses = {
    Pending: tr.t(TASK_STATUS_TEXTS.Pending),
    InProgress: tr.t(TASK_STATUS_TEXTS.InProgress),
    Completed: tr.t(TASK_STATUS_TEXTS.Completed),
  };
  const calendar = ical({
    name: tr.t(FEED_TEXTS.name, { organization: content.organizationName }),
    description: tr.t(FEED_TEXTS.description, { user: content.userName }),
    prodId: { company: 'Maintenance QR', product: 'Calendar feed', language: content.language.toUpperCase() },
    ttl: REFRESH_SECONDS,
  });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: content.timeZone }]);
  for (const row of content.rows) {
    calendar.createEvent({
      id: feedUid(row, domain),
      allDay: true,
      start: row.date,
      end: addDays(row.date, 1),
      // When the task or schedule last changed: an unchanged feed is the same file (and ETag).
      stamp: new Date(row.updatedAt),
      summary: tr.t(FEED_TEXTS.summary, { title: row.title, asset: row.assetName }),
      description: row.taskStatus ? statuses[row.taskStatus] : planned,
      // iCalendar's 1 (highest) to 9 (lowest): urgent 1, high 3, normal 5, low 9 (RFC 5545 §3.8.1.9).
      priority: ICS_PRIORITY[priorityOfRank(row.priority)],
      url: `${content.publicBaseUrl}/assets/${row.assetId}`,
    });
  }
  return calendar.toString();
}
