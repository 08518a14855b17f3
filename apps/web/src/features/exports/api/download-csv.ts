import { apiSend } from '#web/lib/api-client.ts';

/** The file name a response's Content-Disposition gives, or `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Fetches a CSV export with the bearer token and hands it to the browser as a download (an export
 * needs the token, so a plain link cannot fetch it): a GET with `query`, or a POST of `body`.
 */
export async function downloadCsv(
  url: string,
  request: { query: Record<string, string | readonly string[] | undefined> } | { body: unknown },
): Promise<void> {
  const response = await apiSend(url, 'body' in request ? { method: 'POST', body: request.body } : request);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileNameOf(response, 'export.csv');
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
