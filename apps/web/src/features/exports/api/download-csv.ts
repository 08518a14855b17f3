import type { TRequestOptions } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download-file.ts';

/** Downloads a CSV export (GET with the bearer token), named as the server says. */
export function downloadCsv(url: string, query: TRequestOptions['query']): Promise<void> {
  return downloadFile(url, { query }, 'export.csv');
}
