import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { assetKeys } from '../api/asset-keys.ts';
import { getQrImage } from '../api/get-qr-image.ts';

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
