import { type TImportKind, type TImportRun, ZImportRun } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { importKeys } from './import-keys.ts';

/** POST /api/admin/imports?kind= (multipart, the "file" field): a new import with its proposed mapping. */
export async function uploadImport(file: File, kind: TImportKind): Promise<TImportRun> {
  const body = new FormData();
  body.append('file', file, file.name);
  const data = await apiRequest('/api/admin/imports', { method: 'POST', query: { kind }, body });
  return ZImportRun.parse(data);
}

/** Uploads a CSV file of a kind into a new import; its page then opens without asking for it again. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, kind }: { file: File; kind: TImportKind }) => uploadImport(file, kind),
    onSuccess: (run) => queryClient.setQueryData(importKeys.detail(run.id), run),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.list() }),
  });
}
