import type { MessageDescriptor } from '@lingui/core';
import type { TTaskStatus } from '@mqr/contracts';

// The ICS feed's words as message descriptors (ADR 111), in its owner's language. Their English is
// contracts' CALENDAR_FEED_TEXTS and TASK_STATUS_LABELS, which the web app shows too: a test holds
// the two equal (feed-texts.test.ts).

export const FEED_TEXTS = {
  name: /*i18n*/ { id: 'calendarFeed.name', message: 'Maintenance tasks · {organization}' },
  description: /*i18n*/ { id: 'calendarFeed.description', message: 'Maintenance tasks assigned to {user}' },
  planned: /*i18n*/ { id: 'calendarFeed.planned', message: 'Planned' },
  summary: /*i18n*/ { id: 'calendarFeed.summary', message: '{title} · {asset}' },
} as const;

export const TASK_STATUS_TEXTS = {
  Pending: /*i18n*/ { id: 'taskStatus.Pending', message: 'Pending' },
  InProgress: /*i18n*/ { id: 'taskStatus.InProgress', message: 'In progress' },
  Completed: /*i18n*/ { id: 'taskStatus.Completed', message: 'Completed' },
} as const satisfies Record<TTaskStatus, MessageDescriptor>;
