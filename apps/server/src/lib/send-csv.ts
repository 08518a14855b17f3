import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';

/** Rows a CSV download reads per query: memory stays flat however many rows leave (ADR 042). */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * Streams CSV rows as a download: UTF-8 with a byte order mark (so spreadsheets read it as UTF-8),
 * CRLF line ends (RFC 4180). Rows are read as the client takes them (ADR 042).
 */
export async function sendCsv(reply: FastifyReply, fileName: string, rows: AsyncIterable<string[]>) {
  // Loaded at the first download, not with the server (idle memory, ADR 033).
  const { stringify } = await import('csv-stringify');
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  pipeline(Readable.from(rows), csv).catch((error: unknown) => {
    reply.log.error({ err: error }, 'A CSV download stopped');
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
