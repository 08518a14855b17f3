import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers in brotli or gzip when the client accepts it: JSON and text over 1 KB (a long public page
 * shrinks about 14 times). Brotli at quality 4 costs little CPU per answer. Request bodies are never
 * decompressed: the body limit counts what arrives, and a small compressed body could expand without
 * bound. The web app's files are compressed once at build time instead (static-spa.ts).
 */
async function compression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

export const compressionPlugin = fp(compression, { name: 'mqr-compression' });
