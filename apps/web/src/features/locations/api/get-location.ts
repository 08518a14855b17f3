import { type TLocation, ZLocation } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { locationKeys } from './location-keys.ts';

/** GET /api/locations/{id}: a location with its details, ancestors, counts and QR code. */
export async function getLocation(id: string, signal?: AbortSignal): Promise<TLocation> {
  const data = await apiRequest(`/api/locations/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return ZLocation.parse(data);
}

export function useLocation(id: string | undefined) {
  return useQuery({
    queryKey: locationKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getLocation(id ?? '', signal),
    enabled: !!id,
  });
}
