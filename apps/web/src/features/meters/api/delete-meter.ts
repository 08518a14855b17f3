import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useReloadMeters } from './meter-keys.ts';

/** DELETE /api/admin/meters/{id}: the meter and its readings (refused while a schedule counts on it). */
export async function deleteMeter(meterId: string): Promise<void> {
  await apiRequest(`/api/admin/meters/${encodeURIComponent(meterId)}`, { method: 'DELETE' });
}

export function useDeleteMeter() {
  const reload = useReloadMeters();
  return useMutation({ mutationFn: deleteMeter, onSuccess: reload });
}
