import type { MessageDescriptor } from '@lingui/core';
import { DEFAULT_LANGUAGE, PRODUCT_NAME, type TLanguage } from '@mqr/contracts';
import { dateTimeFormat } from '#server/lib/i18n/formats.ts';
import { type Translator, translatorFor } from '#server/lib/i18n/translators.ts';
import { DIGEST_TEXTS, type DigestLinks, escapeHtml } from './digest-message.ts';

// The email every administrator gets when someone changes how people sign in to their organization
// (ADR 082; docs/product/profile-and-settings.md#single-sign-on), in each administrator's language
// (ADR 111): its words live here, once. The settings' names and our words for their values come
// with the alert as message descriptors (the module that owns the settings writes them).

/** The outbox kind of these alerts. */
export const SIGN_IN_SETTINGS_ALERT = 'sign_in_settings_alert';

/** One setting that changed, as the settings screen names it; secrets are "[hidden]"/"[changed]". */
export interface AlertChange {
  label: string;
  from: string;
  to: string;
  /** The messages of the words above that are ours (not a value someone typed): translated when sent. */
  messages?: { label?: MessageDescriptor; from?: MessageDescriptor; to?: MessageDescriptor };
}

/** What the outbox keeps of an alert; the recipient's and organization's names are added per row. */
export interface SignInSettingsAlertContent {
  organizationName: string;
  /** What was changed, e.g. "single sign-on". */
  settings: string;
  /** Its message, translated when sent (alerts written before it was kept have `settings` only). */
  settingsMessage?: MessageDescriptor;
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
  subject: /*i18n*/ { id: 'alert.subject', message: '{organization}: sign-in settings were changed' },
  greeting: DIGEST_TEXTS.greeting,
  intro: /*i18n*/ {
    id: 'alert.intro',
    message:
      '{actor} ({email}) changed the {settings} settings of {organization} on {when}, from the address {ipAddress}.',
  },
  changed: /*i18n*/ { id: 'alert.changed', message: 'What changed:' },
  why: /*i18n*/ {
    id: 'alert.why',
    message:
      'You get this email because you are an administrator of this organization: every change to how people sign in is sent to all of its administrators.',
  },
  expected: /*i18n*/ {
    id: 'alert.expected',
    message: 'If you or a colleague made this change, there is nothing to do.',
  },
  notYou: /*i18n*/ {
    id: 'alert.notYou',
    message:
      'If not, act now: sign in, open Settings, then Organization, and check the single sign-on settings; ask {actor} to change their password, and revoke API tokens nobody recognises (Settings, API tokens).',
  },
  settingsLink: /*i18n*/ { id: 'alert.settingsLink', message: 'Open the settings' },
} as const;

const settingsLink = (links: DigestLinks) => `${links.publicBaseUrl}/settings`;

/** "Monday, May 4, 2026 at 9:30 AM (Europe/Paris)": the organization's clock, named. */
function whenText(content: SignInSettingsAlertContent, language: TLanguage): string {
  const format = dateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }, content.timeZone);
  return `${format.format(new Date(content.changedAt))} (${content.timeZone})`;
}

/** A change in words: ours in the reader's language, values someone typed as they are. */
function changeLine(change: AlertChange, tr: Translator): string {
  const { label, from, to } = change.messages ?? {};
  const words = (message: MessageDescriptor | undefined, text: string) => (message ? tr.t(message) : text);
  return `${words(label, change.label)}: ${words(from, change.from)} → ${words(to, change.to)}`;
}

/** The alert's subject, plain text and HTML, in `language`. */
export function renderSignInSettingsAlert(
  content: SignInSettingsAlertContent,
  links: DigestLinks,
  language: TLanguage = DEFAULT_LANGUAGE,
): { subject: string; text: string; html: string } {
  const tr = translatorFor(language);
  const subject = tr.t(ALERT_TEXTS.subject, { organization: content.organizationName });
  const intro = tr.t(ALERT_TEXTS.intro, {
    actor: content.actorName,
    email: content.actorEmail,
    settings: content.settingsMessage ? tr.t(content.settingsMessage) : content.settings,
    organization: content.organizationName,
    when: whenText(content, language),
    ipAddress: content.ipAddress,
  });
  const notYou = tr.t(ALERT_TEXTS.notYou, { actor: content.actorName });
  const greeting = tr.t(ALERT_TEXTS.greeting, { name: content.recipientName });
  const [changed, expected, why, openSettings] = [
    tr.t(ALERT_TEXTS.changed),
    tr.t(ALERT_TEXTS.expected),
    tr.t(ALERT_TEXTS.why),
    tr.t(ALERT_TEXTS.settingsLink),
  ] as const;
  const text = [
    greeting,
    intro,
    [changed, ...content.changes.map((change) => `- ${changeLine(change, tr)}`)].join('\n'),
    expected,
    `${notYou} ${openSettings}: ${settingsLink(links)}`,
    why,
  ].join('\n\n');
  const items = content.changes.map((change) => `<li>${escapeHtml(changeLine(change, tr))}</li>`).join('\n');
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="margin-bottom:4px">${escapeHtml(changed)}</p>
<ul style="padding-left:20px;margin:0">
${items}
</ul>
<p>${escapeHtml(expected)}</p>
<p><strong>${escapeHtml(notYou)}</strong> <a href="${escapeHtml(settingsLink(links))}">${escapeHtml(openSettings)}</a>.</p>
<p style="color:#555;font-size:13px">${escapeHtml(why)}</p>
<p style="color:#555;font-size:13px">${escapeHtml(PRODUCT_NAME)}</p>
</body>
</html>`;
  return { subject, text, html };
}
