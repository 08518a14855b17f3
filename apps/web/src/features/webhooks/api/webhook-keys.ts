import { useMutation, useQueryClient } from '@tanstack/react-query';

/** react-query keys of the webhooks: the endpoints, and each endpoint's deliveries by page. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: string, page: number) =>
    [...webhookKeys.all, 'deliveries', endpointId, { page }] as const,
};

export const WEBHOOKS_URL = '/api/admin/webhooks';

export const endpointUrl = (id: string) => `${WEBHOOKS_URL}/${encodeURIComponent(id)}`;

/** The webhooks' mutations: each reloads every webhook list once it succeeds. */
export function useWebhookMutation<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
