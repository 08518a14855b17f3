import { msg } from '@lingui/core/macro';

/** The organizations screens' words: the list, logos and settings. */
export const ORGANIZATION_TEXTS = {
  // Screen messages (docs/product/organizations.md#organizations-page, #logos).
  loadFailed: 'Unable to load organizations.',
  createFailed: 'Unable to create organization.',
  updateFailed: 'Unable to update organization.',
  uploadFailed: 'Failed to upload logo. Please try again.',
  deleteFailed: 'Failed to delete logo. Please try again.',
  notAnImage: 'Please select an image file',
  confirmDeleteLogo: 'Are you sure you want to delete this logo?',
  noLogo: 'No Logo',
  uploading: 'Uploading...',
} as const;

/** The organization settings form's words (translated, docs/translating.md). */
export const ORGANIZATION_SETTINGS_TEXTS = {
  formLabel: msg`Organization settings`,
  timeZoneLabel: msg`Time zone`,
  timeZoneHint: msg`Due dates of planned maintenance follow the calendar of this time zone.`,
  languageLabel: msg`Default language`,
  languageHint: msg`The language of the screens, emails and files of everyone who has not chosen their own.`,
  settingsSaved: msg`Organization settings saved.`,
  settingsFailed: msg`Unable to save the organization settings.`,
  saving: msg`Saving...`,
  save: msg`Save settings`,
};

/** The single sign-on settings form's words (translated, docs/translating.md). */
export const SSO_SETTINGS_TEXTS = {
  // The settings section (docs/product/profile-and-settings.md#single-sign-on).
  heading: msg`Single sign-on`,
  intro: msg`Let the people of this organization sign in with your company's identity provider (OpenID Connect), such as Microsoft Entra ID, Google Workspace, Okta or Keycloak.`,
  enabledHint: msg`When on, the sign-in link below shows a "Sign in with …" button.`,
  issuerHint: msg`The address of your provider; its settings are read from /.well-known/openid-configuration under it.`,
  clientSecretKept: msg`A client secret is saved; it is never shown. Leave this blank to keep it.`,
  displayNameHint: msg`Shown on the sign-in button, as in "Sign in with Acme Login".`,
  domainsHint: msg`Separated by commas or spaces, e.g. example.com. Only people whose email is at one of these domains can sign in this way.`,
  createUsersHint: msg`Someone at an allowed domain who has no account yet gets one, as a member. When off, an administrator adds people first.`,
  requireSsoHint: msg`Members can no longer sign in with a password. Administrators keep theirs, so a provider outage never locks the organization out.`,
  redirectUriLabel: msg`Redirect URI`,
  redirectUriHint: msg`Register this address at your provider for this client.`,
  signInLinkLabel: msg`Sign-in link`,
  signInLinkHint: msg`Share this link with your people: it opens the sign-in page with your provider's button.`,
  save: msg`Save single sign-on`,
  saved: msg`Single sign-on settings saved.`,
  saveFailed: msg`Unable to save the single sign-on settings.`,
  loadFailed: msg`Unable to load the single sign-on settings.`,
  currentPasswordLabel: msg`Current password`,
  currentPasswordHint: msg`Changing how people sign in needs your password. Every administrator of this organization is emailed about each change.`,
  loading: msg`Loading...`,
  retry: msg`Retry`,
  saving: msg`Saving...`,
  // The fields' labels (the server names the same settings in its emails with contracts' SSO_MESSAGES).
  enabledLabel: msg`Offer single sign-on`,
  issuerLabel: msg`Issuer URL`,
  clientIdLabel: msg`Client ID`,
  clientSecretLabel: msg`Client secret`,
  displayNameLabel: msg`Provider name`,
  domainsLabel: msg`Allowed email domains`,
  createUsersLabel: msg`Create accounts on first sign-in`,
  requireSsoLabel: msg`Members must use single sign-on`,
};
