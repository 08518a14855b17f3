import type { MessageDescriptor } from '@lingui/core';

// The words of the sign-in settings alert that name this module's settings and their values (ADR
// 111). The alert keeps these descriptors in the outbox beside their English, and is written in each
// administrator's language when it is sent. The labels' English is contracts' SSO_MESSAGES, the
// settings screen's words: alert-texts.test.ts holds them equal.

export const SSO_ALERT_TEXTS = {
  settings: /*i18n*/ { id: 'ssoAlert.settings', message: 'single sign-on' },
  labels: {
    ssoEnabled: /*i18n*/ { id: 'ssoAlert.label.enabled', message: 'Offer single sign-on' },
    ssoIssuer: /*i18n*/ { id: 'ssoAlert.label.issuer', message: 'Issuer URL' },
    ssoClientId: /*i18n*/ { id: 'ssoAlert.label.clientId', message: 'Client ID' },
    ssoClientSecret: /*i18n*/ { id: 'ssoAlert.label.clientSecret', message: 'Client secret' },
    ssoDisplayName: /*i18n*/ { id: 'ssoAlert.label.displayName', message: 'Provider name' },
    ssoAllowedDomains: /*i18n*/ { id: 'ssoAlert.label.domains', message: 'Allowed email domains' },
    ssoCreateUsers: /*i18n*/ {
      id: 'ssoAlert.label.createUsers',
      message: 'Create accounts on first sign-in',
    },
    ssoRequireSso: /*i18n*/ { id: 'ssoAlert.label.requireSso', message: 'Members must use single sign-on' },
  },
  values: {
    on: /*i18n*/ { id: 'ssoAlert.value.on', message: 'On' },
    off: /*i18n*/ { id: 'ssoAlert.value.off', message: 'Off' },
    none: /*i18n*/ { id: 'ssoAlert.value.none', message: '(none)' },
    hidden: /*i18n*/ { id: 'ssoAlert.value.hidden', message: '[hidden]' },
    changed: /*i18n*/ { id: 'ssoAlert.value.changed', message: '[changed]' },
  },
} as const satisfies {
  settings: MessageDescriptor;
  labels: Record<string, MessageDescriptor>;
  values: Record<string, MessageDescriptor>;
};
