import { API_TOKEN_MAX_DAYS, type TApiTokenScope } from '@mqr/contracts';

/** The texts of the API tokens tab (docs/product/api-tokens.md#api-tokens-tab). */
export const API_TOKEN_TEXTS = {
  tab: 'API tokens',
  intro:
    'A script or another tool can use the API as you with a token. It can do what you can do, or only read, until it expires or you revoke it.',
  docsLink: 'API documentation',
  formTitle: 'New token',
  nameLabel: 'Token name',
  nameHint: 'What will use it, for example "Nightly export"',
  scopeLabel: 'Access',
  expiryLabel: 'Expires after',
  create: 'Create token',
  creating: 'Creating...',
  secretTitle: (name: string) => `Your new token "${name}"`,
  secretText: 'Copy it now and keep it somewhere safe: it will not be shown again.',
  secretLabel: 'Token',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copying did not work: select the token and copy it yourself.',
  done: 'Done',
  ownTitle: 'Your tokens',
  ownEmpty: 'You have no API tokens.',
  organizationTitle: "Your organization's tokens",
  organizationHint: 'Every token of your organization. Revoke one that someone should no longer use.',
  /** An organization administrator does not reach super administrators' tokens (ADR 084). */
  organizationHintForAdmin:
    "Every token of your organization except super administrators'. Revoke one that someone should no longer use.",
  organizationEmpty: 'Nobody in your organization has an API token.',
  loading: 'Loading API tokens...',
  name: 'Name',
  owner: 'Owner',
  scope: 'Access',
  created: 'Created',
  expires: 'Expires',
  lastUsed: 'Last used',
  never: 'Never',
  expired: 'Expired',
  revoke: 'Revoke',
  revokeLabel: (name: string) => `Revoke ${name}`,
  revoking: 'Revoking...',
  revokeTitle: 'Revoke this token?',
  revokeText: 'Anything that uses it stops working at once. This cannot be undone.',
  revokeConfirm: 'Revoke token',
  cancel: 'Cancel',
  // Screen texts (docs/product/api-tokens.md#api-tokens-tab).
  loadFailed: 'Unable to load API tokens.',
  createFailed: 'Unable to create the API token.',
  revokeFailed: 'Unable to revoke the API token.',
} as const;

/** The expiry choices: days, as the select shows them. */
export function expiryLabel(days: number): string {
  if (days === API_TOKEN_MAX_DAYS) return '1 year';
  return `${days} days`;
}

export const API_TOKEN_SCOPE_LABELS: Record<TApiTokenScope, string> = {
  read: 'Read only',
  write: 'Read and write',
};
