import { type TSsoSettings, type TSsoSettingsBody, ZSsoSettings } from '@mqr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const ssoSettingsKey = ['admin-organization-sso'] as const;

/** GET /api/admin/organization/sso: the administrator's organization's provider (never its secret). */
export async function getSsoSettings(): Promise<TSsoSettings> {
  return ZSsoSettings.parse(await apiRequest('/api/admin/organization/sso'));
}

/** PUT /api/admin/organization/sso */
export async function updateSsoSettings(body: TSsoSettingsBody): Promise<TSsoSettings> {
  return ZSsoSettings.parse(await apiRequest('/api/admin/organization/sso', { method: 'PUT', body }));
}

/** The organization's single sign-on settings. */
export function useSsoSettings() {
  return useQuery({ queryKey: ssoSettingsKey, queryFn: getSsoSettings });
}

/** Saves them; the answer replaces what the screen shows. */
export function useUpdateSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSsoSettingsBody) => updateSsoSettings(body),
    onSuccess: (saved) => queryClient.setQueryData(ssoSettingsKey, saved),
  });
}
