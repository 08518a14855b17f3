import { PRODUCT_NAME } from '@mqr/contracts';
import type { DigestContent, DigestSection, DigestSectionName, DigestTask } from './digest.ts';
import { DIGEST_SECTIONS } from './digest.ts';

// The daily digest as an email (docs/product/reminders.md#the-message): its words live here, once.

export const DIGEST_TEXTS = {
  sections: { overdue: 'Overdue', dueToday: 'Due today', dueSoon: 'Due soon' } satisfies Record<
    DigestSectionName,
    string
  >,
  subjectParts: { overdue: 'overdue', dueToday: 'due today', dueSoon: 'due soon' } satisfies Record<
    DigestSectionName,
    string
  >,
  greeting: (name: string) => `Hello ${name},`,
  intro: (organization: string, date: string) =>
    `Here are your maintenance tasks at ${organization} for ${date}.`,
  due: (date: string) => `due ${date}`,
  unassigned: 'not assigned to anyone',
  more: (n: number) => `…and ${n} more.`,
  allTasks: 'See every open task on your dashboard',
  why: 'You get this email because the daily digest is on in your profile.',
  turnOff: 'Turn off the daily digest',
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

const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const fullDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD) in words; the date is the organization's, so no zone moves it. */
const dateText = (isoDate: string, format = mediumDate) => format.format(new Date(`${isoDate}T00:00:00Z`));

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
export function digestSubject(content: DigestContent): string {
  const counts = DIGEST_SECTIONS.filter((name) => content.sections[name].total > 0).map(
    (name) => `${content.sections[name].total} ${DIGEST_TEXTS.subjectParts[name]}`,
  );
  return `${content.organizationName}: ${counts.join(', ')}`;
}

const filledSections = (content: DigestContent) =>
  DIGEST_SECTIONS.map((name) => [name, content.sections[name]] as const).filter(
    ([, section]) => section.total > 0,
  );

const taskDetails = (task: DigestTask) =>
  [DIGEST_TEXTS.due(dateText(task.dueOn)), ...(task.unassigned ? [DIGEST_TEXTS.unassigned] : [])].join(', ');

function textSection(name: DigestSectionName, section: DigestSection, links: DigestLinks): string {
  const lines = [`${DIGEST_TEXTS.sections[name]} (${section.total})`];
  for (const task of section.tasks) {
    lines.push(
      `- ${task.assetName}: ${task.title} (${taskDetails(task)})`,
      `  ${assetLink(links, task.assetId)}`,
    );
  }
  const more = section.total - section.tasks.length;
  if (more > 0) lines.push(DIGEST_TEXTS.more(more));
  return lines.join('\n');
}

function htmlSection(name: DigestSectionName, section: DigestSection, links: DigestLinks): string {
  const items = section.tasks
    .map(
      (task) =>
        `<li style="margin:0 0 8px"><a href="${escapeHtml(assetLink(links, task.assetId))}">${escapeHtml(task.assetName)}</a>: ${escapeHtml(task.title)} <span style="color:#555">(${escapeHtml(taskDetails(task))})</span></li>`,
    )
    .join('\n');
  const more = section.total - section.tasks.length;
  return [
    `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(DIGEST_TEXTS.sections[name])} (${section.total})</h2>`,
    `<ul style="padding-left:20px;margin:0">\n${items}\n</ul>`,
    ...(more > 0 ? [`<p style="margin:8px 0 0">${escapeHtml(DIGEST_TEXTS.more(more))}</p>`] : []),
  ].join('\n');
}

/** The digest's subject, plain text and HTML: overdue first, then due today, then due soon. */
export function renderDigest(content: DigestContent, links: DigestLinks): DigestMessage {
  const sections = filledSections(content);
  const intro = DIGEST_TEXTS.intro(content.organizationName, dateText(content.localDate, fullDate));
  const text = [
    DIGEST_TEXTS.greeting(content.recipientName),
    intro,
    ...sections.map(([name, section]) => textSection(name, section, links)),
    `${DIGEST_TEXTS.allTasks}: ${dashboardLink(links)}`,
    `${DIGEST_TEXTS.why} ${DIGEST_TEXTS.turnOff}: ${turnOffLink(links)}`,
  ].join('\n\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(digestSubject(content))}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">
<p>${escapeHtml(DIGEST_TEXTS.greeting(content.recipientName))}</p>
<p>${escapeHtml(intro)}</p>
${sections.map(([name, section]) => htmlSection(name, section, links)).join('\n')}
<p style="margin-top:24px"><a href="${escapeHtml(dashboardLink(links))}">${escapeHtml(DIGEST_TEXTS.allTasks)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(DIGEST_TEXTS.why)} <a href="${escapeHtml(turnOffLink(links))}">${escapeHtml(DIGEST_TEXTS.turnOff)}</a>.</p>
<p style="color:#555;font-size:13px">${escapeHtml(PRODUCT_NAME)}</p>
</body>
</html>`;
  return { subject: digestSubject(content), text, html };
}
