import type { MessageDescriptor } from '@lingui/core';
import { DEFAULT_LANGUAGE, PRODUCT_NAME, type TLanguage } from '@mqr/contracts';
import { calendarDateText } from '#server/lib/i18n/formats.ts';
import { type Translator, translatorFor } from '#server/lib/i18n/translators.ts';
import type {
  DigestContent,
  DigestSection,
  DigestSectionName,
  DigestTask,
  WaitingRequest,
} from './digest.ts';
import { DIGEST_SECTIONS } from './digest.ts';

// The daily digest as an email (docs/product/reminders.md#the-message), in its recipient's language
// (ADR 111): its words live here, once, as message descriptors the catalogs are extracted from.

export const DIGEST_TEXTS = {
  sections: {
    overdue: /*i18n*/ { id: 'digest.section.overdue', message: 'Overdue' },
    dueToday: /*i18n*/ { id: 'digest.section.dueToday', message: 'Due today' },
    dueSoon: /*i18n*/ { id: 'digest.section.dueSoon', message: 'Due soon' },
  } satisfies Record<DigestSectionName, MessageDescriptor>,
  subjectParts: {
    overdue: /*i18n*/ { id: 'digest.subject.overdue', message: '{count} overdue' },
    dueToday: /*i18n*/ { id: 'digest.subject.dueToday', message: '{count} due today' },
    dueSoon: /*i18n*/ { id: 'digest.subject.dueSoon', message: '{count} due soon' },
  } satisfies Record<DigestSectionName, MessageDescriptor>,
  subject: /*i18n*/ { id: 'digest.subject', message: '{organization}: {counts}' },
  greeting: /*i18n*/ { id: 'email.greeting', message: 'Hello {name},' },
  intro: /*i18n*/ {
    id: 'digest.intro',
    message: 'Here are your maintenance tasks at {organization} for {date}.',
  },
  due: /*i18n*/ { id: 'digest.due', message: 'due {date}' },
  unassigned: /*i18n*/ { id: 'digest.unassigned', message: 'not assigned to anyone' },
  more: /*i18n*/ { id: 'digest.more', message: '…and {count} more.' },
  allTasks: /*i18n*/ { id: 'digest.allTasks', message: 'See every open task on your dashboard' },
  why: /*i18n*/ {
    id: 'digest.why',
    message: 'You get this email because the daily digest is on in your profile.',
  },
  turnOff: /*i18n*/ { id: 'digest.turnOff', message: 'Turn off the daily digest' },
  requests: /*i18n*/ { id: 'digest.requests', message: 'Requests waiting for triage' },
  requestsSubject: /*i18n*/ {
    id: 'digest.subject.requests',
    message: '{count, plural, one {# request waiting} other {# requests waiting}}',
  },
  unsafe: /*i18n*/ { id: 'digest.requestUnsafe', message: 'unsafe' },
  allRequests: /*i18n*/ { id: 'digest.allRequests', message: 'Triage the requests' },
} as const;

export interface DigestMessage {
  subject: string;
  text: string;
  html: string;
}

/** What the links point at: the app's public address (PUBLIC_BASE_URL, no trailing slash). */
export interface DigestLinks {
  publicBaseUrl: string;
}

export const assetLink = (links: DigestLinks, assetId: string) => `${links.publicBaseUrl}/assets/${assetId}`;
export const turnOffLink = (links: DigestLinks) => `${links.publicBaseUrl}/profile`;
const dashboardLink = (links: DigestLinks) => `${links.publicBaseUrl}/dashboard`;

/** Text as HTML: every message's words and values are escaped, never markup. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** "Acme: 2 overdue, 1 due today, 4 due soon" (sections without tasks left out). */
export function digestSubject(
  content: DigestContent,
  tr: Translator = translatorFor(DEFAULT_LANGUAGE),
): string {
  const counts = DIGEST_SECTIONS.filter((name) => content.sections[name].total > 0).map((name) =>
    tr.t(DIGEST_TEXTS.subjectParts[name], { count: content.sections[name].total }),
  );
  if (content.requests && content.requests.total > 0) {
    counts.push(tr.t(DIGEST_TEXTS.requestsSubject, { count: content.requests.total }));
  }
  return tr.t(DIGEST_TEXTS.subject, { organization: content.organizationName, counts: counts.join(', ') });
}

const filledSections = (content: DigestContent) =>
  DIGEST_SECTIONS.map((name) => [name, content.sections[name]] as const).filter(
    ([, section]) => section.total > 0,
  );

const taskDetails = (task: DigestTask, tr: Translator) =>
  [
    tr.t(DIGEST_TEXTS.due, { date: calendarDateText(tr.language, task.dueOn) }),
    ...(task.unassigned ? [tr.t(DIGEST_TEXTS.unassigned)] : []),
  ].join(', ');

function textSection(
  name: DigestSectionName,
  section: DigestSection,
  links: DigestLinks,
  tr: Translator,
): string {
  const lines = [`${tr.t(DIGEST_TEXTS.sections[name])} (${section.total})`];
  for (const task of section.tasks) {
    lines.push(
      `- ${task.assetName}: ${task.title} (${taskDetails(task, tr)})`,
      `  ${assetLink(links, task.assetId)}`,
    );
  }
  const more = section.total - section.tasks.length;
  if (more > 0) lines.push(tr.t(DIGEST_TEXTS.more, { count: more }));
  return lines.join('\n');
}

function htmlSection(
  name: DigestSectionName,
  section: DigestSection,
  links: DigestLinks,
  tr: Translator,
): string {
  const items = section.tasks
    .map(
      (task) =>
        `<li style="margin:0 0 8px"><a href="${escapeHtml(assetLink(links, task.assetId))}">${escapeHtml(task.assetName)}</a>: ${escapeHtml(task.title)} <span style="color:#555">(${escapeHtml(taskDetails(task, tr))})</span></li>`,
    )
    .join('\n');
  const more = section.total - section.tasks.length;
  return [
    `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(tr.t(DIGEST_TEXTS.sections[name]))} (${section.total})</h2>`,
    `<ul style="padding-left:20px;margin:0">\n${items}\n</ul>`,
    ...(more > 0
      ? [`<p style="margin:8px 0 0">${escapeHtml(tr.t(DIGEST_TEXTS.more, { count: more }))}</p>`]
      : []),
  ].join('\n');
}

const requestsLink = (links: DigestLinks) => `${links.publicBaseUrl}/requests`;

/** One waiting request as a line: its asset, what was reported, "unsafe" when it is. */
const requestLine = (request: WaitingRequest, tr: Translator) =>
  `${request.assetName}: ${request.description.replace(/\s+/g, ' ')}${request.urgency === 'unsafe' ? ` (${tr.t(DIGEST_TEXTS.unsafe)})` : ''}`;

/** The requests waiting for triage (ADR 129): plain text and HTML, or nothing when none waits. */
function requestsSection(
  content: DigestContent,
  links: DigestLinks,
  tr: Translator,
): { text: string; html: string } | undefined {
  const waiting = content.requests;
  if (!waiting || waiting.total === 0) return undefined;
  const heading = `${tr.t(DIGEST_TEXTS.requests)} (${waiting.total})`;
  const more = waiting.total - waiting.items.length;
  const moreText = more > 0 ? tr.t(DIGEST_TEXTS.more, { count: more }) : undefined;
  const open = tr.t(DIGEST_TEXTS.allRequests);
  const text = [
    heading,
    ...waiting.items.map((request) => `- ${requestLine(request, tr)}`),
    ...(moreText ? [moreText] : []),
    `${open}: ${requestsLink(links)}`,
  ].join('\n');
  const items = waiting.items
    .map((request) => `<li style="margin:0 0 8px">${escapeHtml(requestLine(request, tr))}</li>`)
    .join('\n');
  const html = [
    `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(heading)}</h2>`,
    `<ul style="padding-left:20px;margin:0">\n${items}\n</ul>`,
    ...(moreText ? [`<p style="margin:8px 0 0">${escapeHtml(moreText)}</p>`] : []),
    `<p><a href="${escapeHtml(requestsLink(links))}">${escapeHtml(open)}</a></p>`,
  ].join('\n');
  return { text, html };
}

/** The digest's subject, plain text and HTML, in `language`: overdue first, then due today, then due soon. */
export function renderDigest(
  content: DigestContent,
  links: DigestLinks,
  language: TLanguage = DEFAULT_LANGUAGE,
): DigestMessage {
  const tr = translatorFor(language);
  const sections = filledSections(content);
  const subject = digestSubject(content, tr);
  const intro = tr.t(DIGEST_TEXTS.intro, {
    organization: content.organizationName,
    date: calendarDateText(language, content.localDate, 'full'),
  });
  const greeting = tr.t(DIGEST_TEXTS.greeting, { name: content.recipientName });
  const allTasks = tr.t(DIGEST_TEXTS.allTasks);
  const why = tr.t(DIGEST_TEXTS.why);
  const turnOff = tr.t(DIGEST_TEXTS.turnOff);
  const waiting = requestsSection(content, links, tr);
  const text = [
    greeting,
    intro,
    ...sections.map(([name, section]) => textSection(name, section, links, tr)),
    ...(waiting ? [waiting.text] : []),
    `${allTasks}: ${dashboardLink(links)}`,
    `${why} ${turnOff}: ${turnOffLink(links)}`,
  ].join('\n\n');
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${sections.map(([name, section]) => htmlSection(name, section, links, tr)).join('\n')}
${waiting?.html ?? ''}
<p style="margin-top:24px"><a href="${escapeHtml(dashboardLink(links))}">${escapeHtml(allTasks)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(why)} <a href="${escapeHtml(turnOffLink(links))}">${escapeHtml(turnOff)}</a>.</p>
<p style="color:#555;font-size:13px">${escapeHtml(PRODUCT_NAME)}</p>
</body>
</html>`;
  return { subject, text, html };
}
