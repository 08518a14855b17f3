import type { TPublicAsset } from '@mqr/contracts';
import { useEffect, useState } from 'react';
import { apiRequest } from '#web/lib/api-client.ts';
import { withRetry } from '#web/lib/retry-policy.ts';

/**
 * GET /public/orgs/{organizationId}/assets/{slug}: the read-only asset behind a QR code (no sign-in).
 * Not parsed with zod here: the server sends it through ZPublicAsset, and the public page's bundle
 * stays without the schemas (ADR 032).
 */
export function getPublicAsset(
  organizationId: string,
  slug: string,
  signal?: AbortSignal,
): Promise<TPublicAsset> {
  return apiRequest<TPublicAsset>(
    `/public/orgs/${encodeURIComponent(organizationId)}/assets/${encodeURIComponent(slug)}`,
    { signal },
  );
}

export type TPublicAssetState =
  | { status: 'pending' }
  | { status: 'error' }
  | { status: 'success'; asset: TPublicAsset };

/** The public asset, retried as the app's queries are (a 4xx is an answer, anything else is tried twice more). */
export function loadPublicAsset(
  organizationId: string,
  slug: string,
  signal?: AbortSignal,
): Promise<TPublicAsset> {
  return withRetry((s) => getPublicAsset(organizationId, slug, s), signal);
}

/**
 * The asset of `/a/{organizationId}/{slug}`. `preloaded` is its request already under way: the lean
 * public page starts it as its script starts, before React renders (ADR 032).
 */
export function usePublicAsset(
  organizationId: string,
  slug: string,
  preloaded?: Promise<TPublicAsset>,
): TPublicAssetState {
  const [state, setState] = useState<TPublicAssetState>({ status: 'pending' });
  useEffect(() => {
    const controller = new AbortController();
    setState((current) => (current.status === 'pending' ? current : { status: 'pending' }));
    (preloaded ?? loadPublicAsset(organizationId, slug, controller.signal)).then(
      (asset) => {
        if (!controller.signal.aborted) setState({ status: 'success', asset });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [organizationId, slug, preloaded]);
  return state;
}
