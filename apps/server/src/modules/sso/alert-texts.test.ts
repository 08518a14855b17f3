import { SSO_MESSAGES } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '#server/lib/i18n/translators.ts';
import { SSO_ALERT_TEXTS } from './alert-texts.ts';

describe('the sign-in settings alert’s names of the settings', () => {
  it('are in English the settings screen’s labels', () => {
    const en = translatorFor('en');
    const { labels } = SSO_ALERT_TEXTS;
    expect(
      [
        labels.ssoEnabled,
        labels.ssoIssuer,
        labels.ssoClientId,
        labels.ssoClientSecret,
        labels.ssoDisplayName,
        labels.ssoAllowedDomains,
        labels.ssoCreateUsers,
        labels.ssoRequireSso,
      ].map((label) => en.t(label)),
    ).toEqual([
      SSO_MESSAGES.enabledLabel,
      SSO_MESSAGES.issuerLabel,
      SSO_MESSAGES.clientIdLabel,
      SSO_MESSAGES.clientSecretLabel,
      SSO_MESSAGES.displayNameLabel,
      SSO_MESSAGES.domainsLabel,
      SSO_MESSAGES.createUsersLabel,
      SSO_MESSAGES.requireSsoLabel,
    ]);
  });
});
