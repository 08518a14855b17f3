import { z } from 'zod';
import { PROFILE_MESSAGES, passwordText, ZLoginResponse } from './auth.ts';
import { storableText } from './limits.ts';
import { englishMessages, inEnglish, said } from './messages.ts';

// Single sign-on with OpenID Connect (docs/product/sign-in.md#single-sign-on, ADR 063).

export const SSO_ISSUER_MAX_LENGTH = 500;
export const SSO_CLIENT_ID_MAX_LENGTH = 500;
export const SSO_CLIENT_SECRET_MAX_LENGTH = 2000;
export const SSO_DISPLAY_NAME_MAX_LENGTH = 60;
export const SSO_DOMAINS_MAX = 20;
/** How long a sign-in started at the provider may take, in seconds. */
export const SSO_ATTEMPT_TTL_SECONDS = 600;
/** The path of the web page the provider sends the browser back to (the redirect URI's path). */
export const SSO_CALLBACK_PATH = '/login/sso';
/** The sign-in page's query parameter that names the organization whose provider it offers. */
export const SSO_ORGANIZATION_PARAM = 'organization';

/** Single sign-on's refusals with values, as the server sends them (ADR 113). */
export const SSO_SAID = {
  providerRefused: (detail: string) =>
    said(
      /*i18n*/ { id: 'sso.providerRefused', message: 'The identity provider did not sign you in: {detail}' },
      { detail },
    ),
  domainNotAllowed: (domain: string, organization: string) =>
    said(
      /*i18n*/ {
        id: 'sso.domainNotAllowed',
        message: 'Email addresses at {domain} cannot sign in to {organization}.',
      },
      { domain, organization },
    ),
  noAccount: (email: string, organization: string) =>
    said(
      /*i18n*/ {
        id: 'sso.noAccount',
        message: 'There is no account for {email} in {organization}. Ask an administrator to add you.',
      },
      { email, organization },
    ),
  otherOrganization: (email: string, organization: string) =>
    said(
      /*i18n*/ {
        id: 'sso.otherOrganization',
        message:
          "{email} belongs to an account outside {organization}. Sign in with that account's email and password.",
      },
      { email, organization },
    ),
  deactivated: (organization: string) =>
    said(
      /*i18n*/ {
        id: 'sso.deactivated',
        message: 'Your account is deactivated. Ask an administrator of {organization} to reactivate it.',
      },
      { organization },
    ),
  /** An address of the provider's discovery document (`name`, its key there) that the server would call. */
  endpointPrivate: (name: string) =>
    said(
      /*i18n*/ {
        id: 'sso.endpointPrivate',
        message:
          "The provider's settings name an address on a private, loopback or link-local network ({name}): this server only calls identity providers at public addresses.",
      },
      { name },
    ),
  passwordNotAllowed: (provider: string) =>
    said(
      /*i18n*/ {
        id: 'sso.passwordNotAllowed',
        message: 'Your organization signs in with single sign-on: use "Sign in with {provider}".',
      },
      { provider },
    ),
};

export const SSO_MESSAGES = {
  ...englishMessages({
    enabledLabel: /*i18n*/ { id: 'sso.enabledLabel', message: 'Offer single sign-on' },
    issuerLabel: /*i18n*/ { id: 'sso.issuerLabel', message: 'Issuer URL' },
    issuerInvalid: /*i18n*/ {
      id: 'sso.issuerInvalid',
      message: 'Enter the issuer URL, starting with https://.',
    },
    issuerHttp: /*i18n*/ { id: 'sso.issuerHttp', message: 'The issuer URL must start with https://.' },
    clientIdLabel: /*i18n*/ { id: 'sso.clientIdLabel', message: 'Client ID' },
    clientIdRequired: /*i18n*/ { id: 'sso.clientIdRequired', message: 'Client ID is required.' },
    clientSecretLabel: /*i18n*/ { id: 'sso.clientSecretLabel', message: 'Client secret' },
    clientSecretRequired: /*i18n*/ { id: 'sso.clientSecretRequired', message: 'Client secret is required.' },
    displayNameLabel: /*i18n*/ { id: 'sso.displayNameLabel', message: 'Provider name' },
    displayNameRequired: /*i18n*/ { id: 'sso.displayNameRequired', message: 'Provider name is required.' },
    displayNameTooLong: said(
      /*i18n*/ {
        id: 'sso.displayNameTooLong',
        message: 'Provider name must be at most {ssoDisplayNameMaxLength} characters.',
      },
      { ssoDisplayNameMaxLength: SSO_DISPLAY_NAME_MAX_LENGTH },
    ),
    domainsLabel: /*i18n*/ { id: 'sso.domainsLabel', message: 'Allowed email domains' },
    domainsRequired: /*i18n*/ { id: 'sso.domainsRequired', message: 'Enter at least one email domain.' },
    domainsTooMany: said(
      /*i18n*/ { id: 'sso.domainsTooMany', message: 'Enter at most {ssoDomainsMax} email domains.' },
      { ssoDomainsMax: SSO_DOMAINS_MAX },
    ),
    domainInvalid: /*i18n*/ {
      id: 'sso.domainInvalid',
      message: 'Enter email domains such as example.com, without "@".',
    },
    createUsersLabel: /*i18n*/ { id: 'sso.createUsersLabel', message: 'Create accounts on first sign-in' },
    requireSsoLabel: /*i18n*/ { id: 'sso.requireSsoLabel', message: 'Members must use single sign-on' },
    currentPasswordRequired: /*i18n*/ {
      id: 'sso.currentPasswordRequired',
      message: 'Enter your current password to change the single sign-on settings.',
    },
    issuerPrivate: /*i18n*/ {
      id: 'sso.issuerPrivate',
      message:
        'This issuer URL is on a private, loopback or link-local network: this server only calls identity providers at public addresses.',
    },
    discoveryFailed: /*i18n*/ {
      id: 'sso.discoveryFailed',
      message:
        "Could not read the provider's settings at this issuer URL. Check the address and that the provider can be reached from this server.",
    },
    secretUnreadable: /*i18n*/ {
      id: 'sso.secretUnreadable',
      message:
        "The saved client secret can no longer be read (the server's JWT_SECRET changed). Enter it again.",
    },
    notSetUp: /*i18n*/ { id: 'sso.notSetUp', message: 'Single sign-on is not set up for this organization.' },
    attemptExpired: /*i18n*/ {
      id: 'sso.attemptExpired',
      message: 'This sign-in has expired or was started in another browser. Start again.',
    },
    attemptMismatch: /*i18n*/ {
      id: 'sso.attemptMismatch',
      message: 'The answer from the provider does not match the sign-in started here. Start again.',
    },
    providerUnreachable: /*i18n*/ {
      id: 'sso.providerUnreachable',
      message: 'The identity provider cannot be reached right now. Try again in a moment.',
    },
    emailMissing: /*i18n*/ {
      id: 'sso.emailMissing',
      message: 'The identity provider did not give an email address for your account.',
    },
    emailUnverified: /*i18n*/ {
      id: 'sso.emailUnverified',
      message: 'The identity provider has not verified your email address.',
    },
    superAdministrator: /*i18n*/ {
      id: 'sso.superAdministrator',
      message: 'Super administrators sign in with their email and password.',
    },
    linkPasswordRequired: /*i18n*/ { id: 'sso.linkPasswordRequired', message: 'Password is required.' },
    linkPasswordWrong: /*i18n*/ { id: 'sso.linkPasswordWrong', message: 'The password is incorrect.' },
    identityTaken: /*i18n*/ {
      id: 'sso.identityTaken',
      message: 'This identity at your provider is already linked to another account.',
    },
  }),
  currentPasswordWrong: PROFILE_MESSAGES.currentPasswordWrong,
  endpointPrivate: inEnglish((name: string) => SSO_SAID.endpointPrivate(name)),
  providerRefused: inEnglish((detail: string) => SSO_SAID.providerRefused(detail)),
  domainNotAllowed: inEnglish((domain: string, organization: string) =>
    SSO_SAID.domainNotAllowed(domain, organization),
  ),
  noAccount: inEnglish((email: string, organization: string) => SSO_SAID.noAccount(email, organization)),
  otherOrganization: inEnglish((email: string, organization: string) =>
    SSO_SAID.otherOrganization(email, organization),
  ),
  deactivated: inEnglish((organization: string) => SSO_SAID.deactivated(organization)),
  // Password sign-in of a member whose organization requires single sign-on.
  passwordNotAllowed: inEnglish((provider: string) => SSO_SAID.passwordNotAllowed(provider)),
} as const;

const DOMAIN_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** An email domain as stored: lower case, no "@", no trailing dot. */
export const ZEmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((domain) => domain.replace(/^@/, '').replace(/\.$/, ''))
  .refine((domain) => DOMAIN_PATTERN.test(domain), { message: SSO_MESSAGES.domainInvalid });

/** The domains typed in one input, separated by commas, semicolons or spaces. */
export function splitDomains(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);
}

/** True for an absolute http(s) URL without query or fragment (an issuer identifier). */
function isIssuerUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash && !url.username
    );
  } catch {
    return false;
  }
}

/** PUT /api/admin/organization/sso: the administrator's own organization's provider. */
export const ZSsoSettingsBody = z.object({
  enabled: z.boolean(),
  issuer: storableText({ message: SSO_MESSAGES.issuerInvalid })
    .trim()
    .max(SSO_ISSUER_MAX_LENGTH, { message: SSO_MESSAGES.issuerInvalid })
    .refine(isIssuerUrl, { message: SSO_MESSAGES.issuerInvalid })
    .transform((issuer) => issuer.replace(/\/+$/, '')),
  clientId: storableText({ message: SSO_MESSAGES.clientIdRequired })
    .trim()
    .min(1, { message: SSO_MESSAGES.clientIdRequired })
    .max(SSO_CLIENT_ID_MAX_LENGTH),
  /** Write-only: left out (or empty) keeps the saved secret; required the first time. */
  clientSecret: storableText().max(SSO_CLIENT_SECRET_MAX_LENGTH).optional(),
  displayName: storableText({ message: SSO_MESSAGES.displayNameRequired })
    .trim()
    .min(1, { message: SSO_MESSAGES.displayNameRequired })
    .max(SSO_DISPLAY_NAME_MAX_LENGTH, { message: SSO_MESSAGES.displayNameTooLong }),
  allowedDomains: z
    .array(ZEmailDomain, { message: SSO_MESSAGES.domainsRequired })
    .min(1, { message: SSO_MESSAGES.domainsRequired })
    .max(SSO_DOMAINS_MAX, { message: SSO_MESSAGES.domainsTooMany })
    .transform((domains) => [...new Set(domains)]),
  createUsers: z.boolean(),
  requireSso: z.boolean(),
  /** The administrator's own password: a change to how people sign in needs it (ADR 082). */
  currentPassword: passwordText({ message: SSO_MESSAGES.currentPasswordRequired }).min(1, {
    message: SSO_MESSAGES.currentPasswordRequired,
  }),
});
export type TSsoSettingsBody = z.input<typeof ZSsoSettingsBody>;

/** What an administrator reads of the settings: never the client secret, only whether one is saved. */
export const ZSsoSettings = z.object({
  /** False until the settings are first saved (the other fields are then empty defaults). */
  configured: z.boolean(),
  enabled: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  displayName: z.string(),
  allowedDomains: z.array(z.string()),
  createUsers: z.boolean(),
  requireSso: z.boolean(),
  /** The address to register at the provider. */
  redirectUri: z.string(),
  /** The sign-in page with this organization's button, to share. */
  signInUrl: z.string(),
});
export type TSsoSettings = z.infer<typeof ZSsoSettings>;

/** GET /api/auth/sso/:organizationId: what the sign-in page shows of an organization's provider. */
export const ZSsoProvider = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  displayName: z.string(),
});
export type TSsoProvider = z.infer<typeof ZSsoProvider>;

/** POST /api/auth/sso/:organizationId/start: where to send the browser (the provider's sign-in). */
export const ZSsoStartResponse = z.object({ authorizationUrl: z.string() });
export type TSsoStartResponse = z.infer<typeof ZSsoStartResponse>;

const callbackParam = storableText().max(4096).optional();

/** POST /api/auth/sso/callback: the query the provider sent the browser back with. */
export const ZSsoCallbackBody = z.object({
  code: callbackParam,
  state: callbackParam,
  iss: callbackParam,
  error: callbackParam,
  error_description: callbackParam,
});
export type TSsoCallbackBody = z.infer<typeof ZSsoCallbackBody>;

/** A sign-in through the provider answers what a password sign-in does, and the email. */
export const ZSsoLoginResponse = ZLoginResponse.extend({ email: z.string() });
export type TSsoLoginResponse = z.infer<typeof ZSsoLoginResponse>;

/**
 * The provider vouched for an account that has never signed in with it: nobody is signed in yet. A
 * short-lived cookie holds the identity until POST /api/auth/sso/link proves the account's password.
 */
export const ZSsoLinkRequired = z.object({
  linkRequired: z.literal(true),
  email: z.string(),
  organizationName: z.string(),
  providerName: z.string(),
});
export type TSsoLinkRequired = z.infer<typeof ZSsoLinkRequired>;

/** POST /api/auth/sso/callback: signed in, or asked to link the account first. */
export const ZSsoCallbackResponse = z.union([ZSsoLoginResponse, ZSsoLinkRequired]);
export type TSsoCallbackResponse = z.infer<typeof ZSsoCallbackResponse>;

/** POST /api/auth/sso/link: the account's password, once, to link it to the provider's identity. */
export const ZSsoLinkBody = z.object({
  password: passwordText({ message: SSO_MESSAGES.linkPasswordRequired }).min(1, {
    message: SSO_MESSAGES.linkPasswordRequired,
  }),
});
export type TSsoLinkBody = z.infer<typeof ZSsoLinkBody>;
