import { i18n } from '@lingui/core';
import {
  checkFieldValue,
  type TAsset,
  type TAssetBody,
  type TFieldDefinition,
  type TFieldError,
  ZAssetBody,
} from '@mqr/contracts';
import { customKey, fieldInputValue, ruleOf, storedValueOf } from '#web/features/fields/index.ts';
import type { TPickedLocation } from '#web/features/locations/index.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { FORM_TEXTS } from '../texts.ts';

/** What the asset form edits. Custom values are keyed `f_{fieldId}` (safe as form paths). */
export type TAssetFormValues = {
  name: string;
  description: string;
  externalId: string;
  organizationId: string;
  /** Where it is (the tree picker's choice); null: no location. */
  location: TPickedLocation | null;
  /** The asset it is a component of; null: none. */
  parentAsset: TParentChoice | null;
  /** Its public page offers "Report a problem" (on for a new asset). */
  reportingEnabled: boolean;
  custom: Record<string, string>;
};

/** The parent asset as its picker shows it: its id and name. */
export type TParentChoice = { id: string; label: string };

/** The form path of an input, from a path the server reports (`fields.<fieldId>`, `name`, ...). */
export function formPathFromServer(path: string): string | null {
  if (path.startsWith('fields.')) return `custom.${customKey(path.slice('fields.'.length))}`;
  if (path === 'name' || path === 'description' || path === 'externalId' || path === 'organizationId') {
    return path;
  }
  if (path === 'locationId') return 'location';
  if (path === 'parentAssetId') return 'parentAsset';
  return null;
}

export function initialAssetFormValues(
  asset: TAsset | undefined,
  definitions: TFieldDefinition[],
  organizationId: string,
): TAssetFormValues {
  const custom: Record<string, string> = {};
  for (const definition of definitions) {
    custom[customKey(definition.id)] = fieldInputValue(definition, storedValueOf(asset, definition.id));
  }
  return {
    name: asset?.name ?? '',
    description: asset?.description ?? '',
    externalId: asset?.externalId ?? '',
    organizationId: asset?.organizationId ?? organizationId,
    location: asset?.location ? { id: asset.location.id, path: asset.location.path } : null,
    parentAsset: asset?.parentAsset ? { id: asset.parentAsset.id, label: asset.parentAsset.name } : null,
    reportingEnabled: asset?.reportingEnabled ?? true,
    custom,
  };
}

export type TAssetFormCheck = { ok: true; body: TAssetBody } | { ok: false; errors: TFieldError[] };

/**
 * Validates the form with the shared rules and builds the payload: text trimmed, empty description
 * and empty values left out, inactive (retired) fields left out, Boolean only as "true"/"false".
 * A value the saved `asset` holds stays valid unchanged (a retired Select option, ADR 020).
 * Errors carry form paths (`name`, `custom.f_<id>`, ...).
 */
export function checkAssetForm(
  values: TAssetFormValues,
  definitions: TFieldDefinition[],
  asset?: TAsset,
): TAssetFormCheck {
  const errors: TFieldError[] = [];
  const organizationId = values.organizationId.trim();
  const parsed = ZAssetBody.safeParse({
    name: values.name,
    description: values.description,
    externalId: values.externalId,
    organizationId: organizationId === '' ? null : organizationId,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0] ?? '');
      if (errors.some((error) => error.path === path)) continue;
      errors.push({
        path,
        message:
          path === 'organizationId' ? i18n._(FORM_TEXTS.organizationIdInvalid) : wordMessage(issue.message),
      });
    }
  }

  const fields: { fieldId: string; value: string }[] = [];
  for (const definition of definitions) {
    if (!definition.isActive) continue;
    const result = checkFieldValue(
      ruleOf(definition),
      values.custom[customKey(definition.id)],
      storedValueOf(asset, definition.id),
    );
    if (!result.ok) {
      errors.push({ path: `custom.${customKey(definition.id)}`, message: wordMessage(result.message) });
    } else if (result.value !== null) {
      fields.push({ fieldId: definition.id, value: result.value });
    }
  }

  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  const body: TAssetBody = { name: parsed.data.name, fields };
  // Sent when it differs from what the asset has (a new asset's default is on).
  if (values.reportingEnabled !== (asset?.reportingEnabled ?? true))
    body.reportingEnabled = values.reportingEnabled;
  if (parsed.data.description) body.description = parsed.data.description;
  // Sent on every save of an existing asset, so that emptying the field clears it (ADR 092).
  if (parsed.data.externalId || asset) body.externalId = parsed.data.externalId ?? null;
  if (parsed.data.organizationId) body.organizationId = parsed.data.organizationId;
  // Where it is and what it is part of: sent when chosen, and on an existing asset when changed
  // (null clears), so that a save does not undo a move someone made meanwhile.
  const locationId = values.location?.id ?? null;
  if (asset ? locationId !== (asset.location?.id ?? null) : locationId) body.locationId = locationId;
  const parentAssetId = values.parentAsset?.id ?? null;
  if (asset ? parentAssetId !== (asset.parentAsset?.id ?? null) : parentAssetId) {
    body.parentAssetId = parentAssetId;
  }
  return { ok: true, body };
}
