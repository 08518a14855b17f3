import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { API_TOKEN_MAX_DAYS, type TApiTokenScope } from '@mqr/contracts';

/** The texts of the API tokens tab (docs/product/api-tokens.md#api-tokens-tab). */
export const API_TOKEN_TEXTS = {
  tab: msg`API tokens`,
  intro: msg`A script or another tool can use the API as you with a token. It can do what you can do, or only read, until it expires or you revoke it.`,
  docsLink: msg`API documentation`,
  formTitle: msg`New token`,
  nameLabel: msg`Token name`,
  nameHint: msg`What will use it, for example "Nightly export"`,
  scopeLabel: msg`Access`,
  expiryLabel: msg`Expires after`,
  create: msg`Create token`,
  creating: msg`Creating...`,
  secretTitle: (name: string) => msg`Your new token "${name}"`,
  secretText: msg`Copy it now and keep it somewhere safe: it will not be shown again.`,
  secretLabel: msg`Token`,
  copy: msg`Copy`,
  copied: msg`Copied`,
  copyFailed: msg`Copying did not work: select the token and copy it yourself.`,
  done: msg`Done`,
  ownTitle: msg`Your tokens`,
  ownEmpty: msg`You have no API tokens.`,
  organizationTitle: msg`Your organization's tokens`,
  organizationHint: msg`Every token of your organization. Revoke one that someone should no longer use.`,
  /** An organization administrator does not reach super administrators' tokens (ADR 084). */
  organizationHintForAdmin: msg`Every token of your organization except super administrators'. Revoke one that someone should no longer use.`,
  organizationEmpty: msg`Nobody in your organization has an API token.`,
  loading: msg`Loading API tokens...`,
  name: msg`Name`,
  owner: msg`Owner`,
  scope: msg`Access`,
  created: msg`Created`,
  expires: msg`Expires`,
  lastUsed: msg`Last used`,
  never: msg`Never`,
  expired: msg`Expired`,
  revoke: msg`Revoke`,
  revokeLabel: (name: string) => msg`Revoke ${name}`,
  revoking: msg`Revoking...`,
  revokeTitle: msg`Revoke this token?`,
  revokeText: msg`Anything that uses it stops working at once. This cannot be undone.`,
  revokeConfirm: msg`Revoke token`,
  cancel: msg`Cancel`,
  // Screen texts (docs/product/api-tokens.md#api-tokens-tab).
  loadFailed: msg`Unable to load API tokens.`,
  createFailed: msg`Unable to create the API token.`,
  revokeFailed: msg`Unable to revoke the API token.`,
};

/** The expiry choices: days, as the select shows them. */
export function expiryLabel(days: number): MessageDescriptor {
  if (days === API_TOKEN_MAX_DAYS) return msg`1 year`;
  return msg`${plural(days, { one: '# day', other: '# days' })}`;
}

export const API_TOKEN_SCOPE_LABELS: Record<TApiTokenScope, MessageDescriptor> = {
  read: msg`Read only`,
  write: msg`Read and write`,
};
