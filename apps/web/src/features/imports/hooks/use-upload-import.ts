import type { TImportKind } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importKeys } from '../api/import-keys.ts';
import { uploadImport } from '../api/upload-import.ts';

/** Uploads a CSV file of a kind into a new import; its page then opens without asking for it again. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, kind }: { file: File; kind: TImportKind }) => uploadImport(file, kind),
    onSuccess: (run) => queryClient.setQueryData(importKeys.detail(run.id), run),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.list() }),
  });
}
