import type { MessageDescriptor } from '@lingui/core';
import {
  localDate,
  type Said,
  SSO_MESSAGES,
  SSO_ORGANIZATION_PARAM,
  SSO_SAID,
  type TSsoSettings,
  type ZSsoSettingsBody,
} from '@mqr/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type * as client from 'openid-client';
import type { z } from 'zod';
import { assertPublicHost, refusedAddressIn } from '#server/lib/address-guard.ts';
import { invalidField, unauthorized } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { type ChangeMap, diffChanges, recordAudit } from '../audit-logs/index.ts';
import type { AlertChange } from '../reminders/index.ts';
import { assertAccountPassword, getUserByIdForAuth } from '../users/index.ts';
import { SSO_ALERT_TEXTS } from './alert-texts.ts';
import { redirectUri, type SsoContext } from './context.ts';
import { findSsoSettings, lockSsoSettings, type SsoSettingsRow, upsertSsoSettings } from './queries.ts';

// An administrator's single sign-on settings of their own organization (ADR 063, ADR 082).

export type SsoSettingsInput = z.output<typeof ZSsoSettingsBody>;

function toSettings(
  context: SsoContext,
  organizationId: string,
  row: SsoSettingsRow | undefined,
): TSsoSettings {
  return {
    configured: row !== undefined,
    enabled: row?.enabled ?? false,
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    hasClientSecret: row !== undefined,
    displayName: row?.displayName ?? '',
    allowedDomains: row?.allowedDomains ?? [],
    createUsers: row?.createUsers ?? false,
    requireSso: row?.requireSso ?? false,
    redirectUri: redirectUri(context),
    signInUrl: `${context.publicBaseUrl}/login?${SSO_ORGANIZATION_PARAM}=${organizationId}`,
  };
}

/** The administrator's organization's settings (the secret never: only whether one is saved). */
export async function getSsoSettings(context: SsoContext, actor: AuthUser): Promise<TSsoSettings> {
  return toSettings(context, actor.organizationId, await findSsoSettings(context.db, actor.organizationId));
}

type AuditedSettings = Pick<
  SsoSettingsRow,
  'enabled' | 'issuer' | 'clientId' | 'displayName' | 'allowedDomains' | 'createUsers' | 'requireSso'
>;

/** The audited view of the settings (the secret's change is told, never its value). */
function auditSnapshot(row: AuditedSettings) {
  return {
    ssoEnabled: row.enabled,
    ssoIssuer: row.issuer,
    ssoClientId: row.clientId,
    ssoDisplayName: row.displayName,
    ssoAllowedDomains: row.allowedDomains.join(', '),
    ssoCreateUsers: row.createUsers,
    ssoRequireSso: row.requireSso,
  };
}

/** Each audited setting as the settings screen names it, for the administrators' email. */
const ALERT_LABELS: Record<keyof ReturnType<typeof auditSnapshot> | 'ssoClientSecret', MessageDescriptor> =
  SSO_ALERT_TEXTS.labels;

/** The secret's markers in the audit log, never its value. */
const SECRET_MARKERS: Record<string, MessageDescriptor> = {
  '[hidden]': SSO_ALERT_TEXTS.values.hidden,
  '[changed]': SSO_ALERT_TEXTS.values.changed,
};

/** A value in words, with its message when the words are ours (On, Off, (none), the secret's markers). */
function shown(key: string, value: unknown): { text: string; message?: MessageDescriptor } {
  const { on, off, none } = SSO_ALERT_TEXTS.values;
  const ours =
    value === true
      ? on
      : value === false
        ? off
        : value === null || value === ''
          ? none
          : key === 'ssoClientSecret' && typeof value === 'string'
            ? SECRET_MARKERS[value]
            : undefined;
  return ours ? { text: ours.message ?? '', message: ours } : { text: String(value) };
}

/**
 * The audit's changes in words; the secret stays "[hidden] → [changed]", as in the audit log. Each
 * keeps the messages of its words, so that the email is written in each administrator's language.
 */
function alertChanges(changes: ChangeMap): AlertChange[] {
  return Object.entries(changes).map(([key, { from, to }]) => {
    const label = ALERT_LABELS[key as keyof typeof ALERT_LABELS];
    const before = shown(key, from);
    const after = shown(key, to);
    return {
      label: label?.message ?? key,
      from: before.text,
      to: after.text,
      messages: { label, from: before.message, to: after.message },
    };
  });
}

/**
 * Saves the administrator's organization's settings. First the administrator's own password
 * (ADR 082: a token or an unattended session cannot change how people sign in), throttled as
 * sign-in is. The secret is kept when none is sent (required the first time). Turned on, the provider
 * must be usable (assertUsableProvider), so a broken or private one is never saved; turning it off never
 * needs the provider. Audited as an UPDATE of the organization and emailed to every administrator
 * of it, in the transaction of the change; the same settings again write and send nothing.
 */
export async function saveSsoSettings(
  context: SsoContext,
  source: { actor: AuthUser; ipAddress: string; log: FastifyBaseLogger },
  body: SsoSettingsInput,
): Promise<TSsoSettings> {
  const { actor } = source;
  const organizationId = actor.organizationId;
  const account = await getUserByIdForAuth(context.db, actor.id);
  if (!account) throw unauthorized();
  await assertAccountPassword(
    { throttle: context.passwordThrottle, ipAddress: source.ipAddress },
    account,
    body.currentPassword,
    {
      field: 'currentPassword',
      missing: SSO_MESSAGES.currentPasswordRequired,
      wrong: SSO_MESSAGES.currentPasswordWrong,
    },
  );

  if (!context.allowHttp && !body.issuer.startsWith('https:'))
    throw invalidField('issuer', SSO_MESSAGES.issuerHttp);
  const existing = await findSsoSettings(context.db, organizationId);
  const newSecret = body.clientSecret?.trim() || undefined;
  let clientSecret = newSecret;
  if (!clientSecret) {
    if (!existing) throw invalidField('clientSecret', SSO_MESSAGES.clientSecretRequired);
    clientSecret = context.secrets.open(existing.clientSecretSealed);
    if (clientSecret === undefined) throw invalidField('clientSecret', SSO_MESSAGES.secretUnreadable);
  }
  if (body.enabled)
    await assertUsableProvider(context, { issuer: body.issuer, clientId: body.clientId, clientSecret });

  const values = {
    enabled: body.enabled,
    issuer: body.issuer,
    clientId: body.clientId,
    displayName: body.displayName,
    allowedDomains: body.allowedDomains,
    createUsers: body.createUsers,
    requireSso: body.requireSso,
  };
  const row = await context.db.transaction(async (tx) => {
    const locked = await lockSsoSettings(tx, organizationId);
    const changes = diffChanges(locked ? auditSnapshot(locked) : {}, auditSnapshot(values));
    if (newSecret) changes.ssoClientSecret = { from: locked ? '[hidden]' : null, to: '[changed]' };
    if (locked && Object.keys(changes).length === 0) return locked;
    const saved = await upsertSsoSettings(tx, organizationId, {
      ...values,
      clientSecretSealed: newSecret ? context.secrets.seal(newSecret) : locked!.clientSecretSealed,
    });
    await recordAudit(tx, {
      organizationId,
      actor,
      action: 'UPDATE',
      entityType: 'Organization',
      entityId: organizationId,
      entityName: null,
      changes: { changes },
      ipAddress: source.ipAddress,
    });
    const now = context.clock.now();
    await context.alertAdministrators?.(tx, {
      organizationId,
      localDate: localDate(now, actor.timeZone),
      content: {
        settings: SSO_ALERT_TEXTS.settings.message,
        settingsMessage: SSO_ALERT_TEXTS.settings,
        actorName: actor.displayName,
        actorEmail: actor.email,
        changedAt: now.toISOString(),
        timeZone: actor.timeZone,
        ipAddress: source.ipAddress,
        changes: alertChanges(changes),
      },
    });
    return saved;
  });
  return toSettings(context, organizationId, row);
}

/** The addresses of a discovery document that this server calls (the browser alone goes to the others). */
const CALLED_ENDPOINTS = ['token_endpoint', 'jwks_uri', 'userinfo_endpoint'] as const;

/**
 * A provider worth saving turned on: its discovery document answers with an authorization and a
 * token endpoint; and unless WEBHOOKS_ALLOW_PRIVATE_ADDRESSES, the issuer and every address of the
 * document the server will call are public (checked before anything is fetched from the issuer).
 * 400 on `issuer` otherwise. Each request to the provider is guarded again when it is made
 * (lib/guarded-fetch.ts), against a document or DNS answer that changes later.
 */
async function assertUsableProvider(
  context: SsoContext,
  provider: { issuer: string; clientId: string; clientSecret: string },
) {
  const discoveryFailed = invalidField('issuer', SSO_MESSAGES.discoveryFailed);
  const assertPublic = async (url: string, privateMessage: string | Said) => {
    if (context.allowPrivateAddresses) return;
    try {
      await assertPublicHost(new URL(url), context.resolve);
    } catch (error) {
      throw refusedAddressIn(error)?.reason === 'private'
        ? invalidField('issuer', privateMessage)
        : discoveryFailed;
    }
  };
  await assertPublic(provider.issuer, SSO_MESSAGES.issuerPrivate);
  let metadata: client.ServerMetadata;
  try {
    metadata = (await context.oidc.configuration(provider)).serverMetadata();
  } catch (error) {
    // Whatever failed (address, network, not a discovery document, another issuer): one answer.
    if (refusedAddressIn(error)?.reason === 'private')
      throw invalidField('issuer', SSO_MESSAGES.issuerPrivate);
    throw discoveryFailed;
  }
  if (!metadata.authorization_endpoint || !metadata.token_endpoint) throw discoveryFailed;
  for (const name of CALLED_ENDPOINTS) {
    const url = metadata[name];
    if (typeof url === 'string') await assertPublic(url, SSO_SAID.endpointPrivate(name));
  }
}
