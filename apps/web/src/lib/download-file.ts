import { apiSend, type TRequestOptions } from './api-client.ts';

/** The file name a response's Content-Disposition gives, or `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Fetches a file with the bearer token (a plain link cannot send it) and hands it to the browser as
 * a download, named as the server's Content-Disposition says, else `fallbackName`. Throws ApiError.
 */
export async function downloadFile(url: string, init: TRequestOptions, fallbackName: string): Promise<void> {
  const response = await apiSend(url, init);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
