import { PRODUCT_NAME } from '@mqr/contracts';
import { type DigestLinks, escapeHtml } from './digest-message.ts';

// The email every administrator gets when someone changes how people sign in to their organization
// (ADR 082; docs/product/profile-and-settings.md#single-sign-on): its words live here, once.

/** The outbox kind of these alerts. */
export const SIGN_IN_SETTINGS_ALERT = 'sign_in_settings_alert';

/** One setting that changed, as the settings screen names it; secrets are "[hidden]"/"[changed]". */
export interface AlertChange {
  label: string;
  from: string;
  to: string;
}

/** What the outbox keeps of an alert; the recipient's and organization's names are added per row. */
export interface SignInSettingsAlertContent {
  organizationName: string;
  /** What was changed, e.g. "single sign-on". */
  settings: string;
  actorName: string;
  actorEmail: string;
  /** ISO 8601. */
  changedAt: string;
  /** The organization's zone, in which the time is told. */
  timeZone: string;
  ipAddress: string;
  changes: AlertChange[];
  recipientName: string;
}

export const ALERT_TEXTS = {
  subject: (organization: string) => `${organization}: sign-in settings were changed`,
  greeting: (name: string) => `Hello ${name},`,
  intro: (content: SignInSettingsAlertContent, when: string) =>
    `${content.actorName} (${content.actorEmail}) changed the ${content.settings} settings of ${content.organizationName} on ${when}, from the address ${content.ipAddress}.`,
  changed: 'What changed:',
  why: 'You get this email because you are an administrator of this organization: every change to how people sign in is sent to all of its administrators.',
  expected: 'If you or a colleague made this change, there is nothing to do.',
  notYou: (actor: string) =>
    `If not, act now: sign in, open Settings, then Organization, and check the single sign-on settings; ask ${actor} to change their password, and revoke API tokens nobody recognises (Settings, API tokens).`,
  settingsLink: 'Open the settings',
} as const;

const settingsLink = (links: DigestLinks) => `${links.publicBaseUrl}/settings`;

/** "Monday, May 4, 2026 at 9:30 AM (Europe/Paris)": the organization's clock, named. */
function whenText(content: SignInSettingsAlertContent): string {
  const format = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: content.timeZone,
  });
  return `${format.format(new Date(content.changedAt))} (${content.timeZone})`;
}

const changeLine = (change: AlertChange) => `${change.label}: ${change.from} → ${change.to}`;

/** The alert's subject, plain text and HTML. */
export function renderSignInSettingsAlert(
  content: SignInSettingsAlertContent,
  links: DigestLinks,
): { subject: string; text: string; html: string } {
  const subject = ALERT_TEXTS.subject(content.organizationName);
  const intro = ALERT_TEXTS.intro(content, whenText(content));
  const notYou = ALERT_TEXTS.notYou(content.actorName);
  const text = [
    ALERT_TEXTS.greeting(content.recipientName),
    intro,
    [ALERT_TEXTS.changed, ...content.changes.map((change) => `- ${changeLine(change)}`)].join('\n'),
    ALERT_TEXTS.expected,
    `${notYou} ${ALERT_TEXTS.settingsLink}: ${settingsLink(links)}`,
    ALERT_TEXTS.why,
  ].join('\n\n');
  const items = content.changes.map((change) => `<li>${escapeHtml(changeLine(change))}</li>`).join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">
<p>${escapeHtml(ALERT_TEXTS.greeting(content.recipientName))}</p>
<p>${escapeHtml(intro)}</p>
<p style="margin-bottom:4px">${escapeHtml(ALERT_TEXTS.changed)}</p>
<ul style="padding-left:20px;margin:0">
${items}
</ul>
<p>${escapeHtml(ALERT_TEXTS.expected)}</p>
<p><strong>${escapeHtml(notYou)}</strong> <a href="${escapeHtml(settingsLink(links))}">${escapeHtml(ALERT_TEXTS.settingsLink)}</a>.</p>
<p style="color:#555;font-size:13px">${escapeHtml(ALERT_TEXTS.why)}</p>
<p style="color:#555;font-size:13px">${escapeHtml(PRODUCT_NAME)}</p>
</body>
</html>`;
  return { subject, text, html };
}
