import type { TChecklistStepInput, TChecklistTemplate, TMaintenanceEvent } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DbOrTx } from '#server/db/client.ts';
import { encodePng, JPEG_PHOTO } from '#server/test/images.ts';
import { type StagedUpload, stageUpload } from '#server/test/upload-fixtures.ts';

// Test helpers of the checklists (ADR 134): images, templates and tasks made through the API.

export { JPEG_PHOTO };

/** A signature as a signature pad draws it: a dark wave across a transparent PNG. */
export function signaturePng(width = 240, height = 80): Buffer {
  return encodePng(width, height, (x, y) => {
    const line = height / 2 + (height / 3) * Math.sin((x / width) * Math.PI * 3);
    return Math.abs(y - line) < 1.5 ? 0x111133ff : 0;
  });
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
