import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiSend } from '#web/lib/api-client.ts';
import { assetKeys } from './asset-keys.ts';

/** GET {qrCodeUrl} (e.g. /api/assets/{id}/qr.png): the staff QR PNG, which needs the bearer token. */
export async function getQrImage(qrCodeUrl: string, signal?: AbortSignal): Promise<Blob> {
  const response = await apiSend(qrCodeUrl, signal ? { signal } : {});
  return response.blob();
}

/**
 * The staff QR PNG as an object URL (the image needs the bearer token, so an <img src> cannot load
 * it directly). The URL is revoked when the image changes or the component goes away.
 */
export function useQrImageUrl(qrCodeUrl: string | undefined) {
  const query = useQuery({
    queryKey: assetKeys.qr(qrCodeUrl ?? ''),
    queryFn: ({ signal }) => getQrImage(qrCodeUrl ?? '', signal),
    enabled: !!qrCodeUrl,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(query.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  return { url, isLoading: query.isLoading, isError: query.isError };
}
