import { type TClientConfig, ZClientConfig } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

export const clientConfigKey = ['client-config'] as const;

/** GET /api/client-config (public): support address and public base URL. */
export async function getClientConfig(signal?: AbortSignal): Promise<TClientConfig> {
  const data = await apiRequest('/api/client-config', { signal });
  return ZClientConfig.parse(data);
}

export function useClientConfig() {
  return useQuery({
    queryKey: clientConfigKey,
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
