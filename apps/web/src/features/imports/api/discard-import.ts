import { apiRequest } from '#web/lib/api-client.ts';

/** DELETE /api/admin/imports/{id}: the import leaves the list with its rows and problems; its assets stay. */
export async function discardImport(id: string): Promise<void> {
  await apiRequest(`/api/admin/imports/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
