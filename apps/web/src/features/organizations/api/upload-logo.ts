import { type TOrganization, ZOrganization } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useApplyChange } from './organization-keys.ts';

/** POST /api/admin/organizations/{id}/logo: multipart form, the image in the field "logo". */
export async function uploadLogo(id: string, file: File): Promise<TOrganization> {
  const body = new FormData();
  body.append('logo', file);
  const data = await apiRequest(`/api/admin/organizations/${encodeURIComponent(id)}/logo`, {
    method: 'POST',
    body,
  });
  return ZOrganization.parse(data);
}

export function useUploadLogo() {
  const applyChange = useApplyChange();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadLogo(id, file),
    onSuccess: applyChange,
  });
}
