import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useReloadMeters } from './meter-keys.ts';

/** DELETE /api/admin/meters/{id}/readings/{readingId}: a reading entered by mistake. */
export async function deleteReading(meterId: string, readingId: string): Promise<void> {
  await apiRequest(
    `/api/admin/meters/${encodeURIComponent(meterId)}/readings/${encodeURIComponent(readingId)}`,
    { method: 'DELETE' },
  );
}

export function useDeleteReading(meterId: string, onChanged?: () => void) {
  const reload = useReloadMeters(onChanged);
  return useMutation({
    mutationFn: (readingId: string) => deleteReading(meterId, readingId),
    onSuccess: reload,
  });
}
