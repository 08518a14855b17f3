import { crc32, deflateSync } from 'node:zlib';
import type { TChecklistStepInput, TChecklistTemplate, TMaintenanceEvent } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DbOrTx } from '#server/db/client.ts';
import { type StagedUpload, stageUpload } from '#server/test/upload-fixtures.ts';

// Test helpers of the checklists (ADR 134): images made here, templates and tasks made through the API.

/** A 64×48 JPEG photo (a yellow box on blue), as a phone's camera sends one. */
export const JPEG_PHOTO = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAwAEADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDNooor6I8wKKKKACiiigAooooAK63+xtP/AOff/wAfb/GuSrvK+V4nxFaj7L2U3G/Ns2u3Y9PLqcJ83Mr7fqUP7G0//n3/APH2/wAaP7G0/wD59/8Ax9v8av0V8p/aOM/5+y/8Cf8Amen9Xpfyr7kYmq6ZZ2+nSyww7XXGDuJ7getc9XW65/yCJ/8AgP8A6EK5KvteG61SthZSqScnzPd36I8fMIRhVSiraf5hRRRX0BwhXW/2zp//AD8f+ON/hXJUV5uY5XRx/L7Vtct9rdbd0+x0UMTOhfl6nW/2zp//AD8f+ON/hR/bOn/8/H/jjf4VyVFeb/qtg/5pfev8jo/tKr2X4/5nQ6rqdncadLFDNudsYG0juD6Vz1FFevgMBTwNN06bbTd9fl5LsctevKtLmkFFFFdpif/Z',
  'base64',
);

/** One PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** A signature as a signature pad draws it: a dark stroke across a transparent PNG. */
export function signaturePng(width = 240, height = 80): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x += 1) {
      // A wave from left to right, three pixels thick.
      const line = height / 2 + (height / 3) * Math.sin((x / width) * Math.PI * 3);
      if (Math.abs(y - line) < 1.5) row.writeUInt32BE(0x111133ff, 1 + x * 4);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Headers = Record<string, string>;

/** The six steps of the e2e: a check, a number with a range, a text, a choice, a photo, a signature. */
export const SIX_STEPS: TChecklistStepInput[] = [
  { key: 'valve', kind: 'check', label: 'Safety valve opens', required: true },
  { key: 'pressure', kind: 'number', label: 'Pressure', required: true, unit: 'bar', min: 2, max: 4 },
  { key: 'remarks', kind: 'text', label: 'Remarks' },
  { key: 'seal', kind: 'choice', label: 'Seal state', options: ['Good', 'Worn', 'Replaced'] },
  { key: 'gauge', kind: 'photo', label: 'Photo of the gauge' },
  { key: 'sign', kind: 'signature', label: 'Technician signature', required: true },
];

export async function createTemplate(
  app: FastifyInstance,
  headers: Headers,
  payload: { name: string; steps: TChecklistStepInput[] },
): Promise<TChecklistTemplate> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/checklists', headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TChecklistTemplate>();
}

export async function createTaskWithChecklist(
  app: FastifyInstance,
  headers: Headers,
  assetId: string,
  checklistTemplateId: string | null,
  title = 'Annual inspection',
): Promise<TMaintenanceEvent> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/assets/${assetId}/events`,
    headers,
    payload: { title, checklistTemplateId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TMaintenanceEvent>();
}

/** An image staged as uploaded by this user (presigned and PUT): its key and name for an answer. */
export async function stageImage(
  app: FastifyInstance,
  db: DbOrTx,
  user: { id: string; organizationId: string },
  bytes: Buffer,
  fileName: string,
  contentType: string,
): Promise<StagedUpload> {
  return stageUpload(app, db, user, { bytes, fileName, contentType });
}
