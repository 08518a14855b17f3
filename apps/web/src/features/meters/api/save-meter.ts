import { type TMeter, type TMeterBody, ZMeter } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useReloadMeters } from './meter-keys.ts';

/** POST /api/admin/assets/{id}/meters (a new meter of the asset) or PUT /api/admin/meters/{id} (a rename). */
export async function saveMeter(
  target: { assetId: string; meterId?: string | undefined },
  body: TMeterBody,
): Promise<TMeter> {
  const answer = target.meterId
    ? await apiRequest(`/api/admin/meters/${encodeURIComponent(target.meterId)}`, { method: 'PUT', body })
    : await apiRequest(`/api/admin/assets/${encodeURIComponent(target.assetId)}/meters`, {
        method: 'POST',
        body,
        idempotencyKey: crypto.randomUUID(),
      });
  return ZMeter.parse(answer);
}

export function useSaveMeter(assetId: string, meterId: string | undefined) {
  const reload = useReloadMeters();
  return useMutation({
    mutationFn: (body: TMeterBody) => saveMeter({ assetId, meterId }, body),
    onSuccess: reload,
  });
}
