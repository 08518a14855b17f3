import { msg } from '@lingui/core/macro';

/** The organizations screens' words: the list, logos and settings (translated, docs/translating.md). */
export const ORGANIZATION_TEXTS = {
  title: msg`Organizations`,
  listTitle: msg`Existing organizations`,
  loading: msg`Loading organizations...`,
  logo: msg`Logo`,
  id: msg`ID`,
  name: msg`Name`,
  formTitle: msg`Create organization`,
  nameLabel: msg`Organization name`,
  creating: msg`Creating...`,
  create: msg`Create organization`,
  created: msg`Organization created successfully.`,
  edit: msg`Edit`,
  editLabel: (name: string) => msg`Edit ${name}`,
  logoAlt: (name: string) => msg`${name} logo`,
  change: msg`Change`,
  upload: msg`Upload`,
  changeLogoLabel: (name: string) => msg`Change logo of ${name}`,
  uploadLogoLabel: (name: string) => msg`Upload logo of ${name}`,
  delete: msg`Delete`,
  deleteLogoLabel: (name: string) => msg`Delete logo of ${name}`,
  logoFileLabel: (name: string) => msg`Logo file for ${name}`,
  nameInputLabel: (name: string) => msg`Organization name: ${name}`,
  saving: msg`Saving...`,
  save: msg`Save`,
  cancel: msg`Cancel`,
  // Screen messages (docs/product/organizations.md#organizations-page, #logos).
  loadFailed: msg`Unable to load organizations.`,
  createFailed: msg`Unable to create organization.`,
  updateFailed: msg`Unable to update organization.`,
  uploadFailed: msg`Failed to upload logo. Please try again.`,
  deleteFailed: msg`Failed to delete logo. Please try again.`,
  notAnImage: msg`Please select an image file`,
  confirmDeleteLogo: msg`Are you sure you want to delete this logo?`,
  noLogo: msg`No Logo`,
  uploading: msg`Uploading...`,
};

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

/** The public pages' switches of the organization tab (docs/product/locations.md#public-pages). */
export const PUBLIC_PAGES_TEXTS = {
  heading: msg`Public pages`,
  locationPages: msg`Public location pages`,
  locationPagesHint: msg`A visitor who scans a location’s QR code sees its name and path, and the names of the assets in it and below it with their next service due or overdue state. When off, the code opens the location’s page for signed-in staff only.`,
  locationPagesOn: msg`Locations’ public pages turned on.`,
  locationPagesOff: msg`Locations’ public pages turned off.`,
  assetLocation: msg`Show an asset’s location on its public page`,
  assetLocationHint: msg`The public page of an asset then shows the full path of where it is, such as “Plant A / Building 2 / Boiler room”.`,
  assetLocationOn: msg`Assets’ public pages show their location.`,
  assetLocationOff: msg`Assets’ public pages no longer show their location.`,
  failed: msg`Unable to save this setting.`,
};
