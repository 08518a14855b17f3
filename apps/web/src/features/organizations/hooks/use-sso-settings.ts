import type { TSsoSettingsBody } from '@mqr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSsoSettings, ssoSettingsKey, updateSsoSettings } from '../api/sso-settings.ts';

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
