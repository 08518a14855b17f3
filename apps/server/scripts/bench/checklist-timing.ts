// The checklists' rows (issue 36, ADRs 134 and 135): an asset whose task has a 50-step checklist,
// every step answered (10 of them photos of 4 MB, one a signature), made through the API of the real server;
// then the asset page and the task's checklist under load, and the completion report PDF timed as a
// browser waits for it.

import type { TChecklistStepInput, TChecklistTemplate, TMaintenanceEvent } from '@mqr/contracts';
import { PDFDocument } from 'pdf-lib';
import { encodePng, paddedJpeg } from '#server/test/images.ts';
import { signInImportAdmin } from './import-timing.ts';
import type { RunningProcess } from './processes.ts';

export const CHECKLIST_STEPS = 50;
export const CHECKLIST_PHOTOS = 10;
/** Report downloads timed one after the other: the slowest is the figure. */
const REPORT_ROUNDS = 3;
/** A phone photo's weight: the JPEG a camera hands over, embedded in the report as it is (ADR 135). */
const PHOTO_MEGABYTES = 4;

/** 50 steps: 10 photos, a signature, and checks, numbers, texts and choices between them. */
function fiftySteps(): TChecklistStepInput[] {
  return Array.from({ length: CHECKLIST_STEPS }, (_, i): TChecklistStepInput => {
    const key = `s${i + 1}`;
    if (i === CHECKLIST_STEPS - 1)
      return { key, kind: 'signature', label: 'Technician signature', required: true };
    if (i % 5 === 4) return { key, kind: 'photo', label: `Photo ${(i + 1) / 5}` };
    if (i % 5 === 1) return { key, kind: 'number', label: `Reading ${i + 1}`, unit: 'bar', min: 2, max: 4 };
    if (i % 10 === 2) return { key, kind: 'text', label: `Remarks ${i + 1}` };
    if (i % 10 === 7)
      return { key, kind: 'choice', label: `State ${i + 1}`, options: ['Good', 'Worn', 'Replaced'] };
    return {
      key,
      kind: 'check',
      label: `Check ${i + 1}: the part is in place and undamaged`,
      required: true,
    };
  });
}

async function api<T>(
  server: RunningProcess,
  authorization: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** An image uploaded as the browser does: presigned, then its bytes PUT. */
async function upload(server: RunningProcess, authorization: string, bytes: Buffer, fileName: string) {
  const contentType = fileName.endsWith('.png') ? 'image/png' : 'image/jpeg';
  const presigned = await api<{ uploadUrl: string; objectKey: string }>(
    server,
    authorization,
    'POST',
    '/api/uploads/presign',
    { fileName, contentType },
  );
  const url = presigned.uploadUrl.startsWith('http')
    ? presigned.uploadUrl
    : `${server.url}${presigned.uploadUrl}`;
  const put = await fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
  if (!put.ok) throw new Error(`The upload answered ${put.status}: ${await put.text()}`);
  return { objectKey: presigned.objectKey, fileName };
}

/** What the rows load and time: the asset, its task with the checklist, who reads them. */
export interface ChecklistFixture {
  authorization: string;
  assetId: string;
  eventId: string;
  /** The photos' bytes uploaded, in MB. */
  photoMegabytes: number;
}

/** The asset, the template of 50 steps, the task with every step answered, completed. */
export async function prepareChecklist(server: RunningProcess): Promise<ChecklistFixture> {
  const authorization = await signInImportAdmin(server);
  const asset = await api<{ id: string }>(server, authorization, 'POST', '/api/assets', {
    name: 'Checklist bench boiler',
  });
  const template = await api<TChecklistTemplate>(server, authorization, 'POST', '/api/admin/checklists', {
    name: 'Bench inspection, 50 steps',
    steps: fiftySteps(),
  });
  const task = await api<TMaintenanceEvent>(server, authorization, 'POST', `/api/assets/${asset.id}/events`, {
    title: 'Annual inspection',
    checklistTemplateId: template.id,
  });
  let photoBytes = 0;
  for (const [i, step] of template.steps.entries()) {
    let answer: unknown;
    if (step.kind === 'photo' || step.kind === 'signature') {
      const photo = step.kind === 'photo';
      const bytes = photo
        ? paddedJpeg(PHOTO_MEGABYTES, i)
        : encodePng(600, 200, (x, y) => (Math.abs(y - 100 - 60 * Math.sin(x / 40)) < 2 ? 0x111133ff : 0));
      if (photo) photoBytes += bytes.length;
      answer = {
        file: await upload(server, authorization, bytes, photo ? `${step.key}.jpg` : 'signature.png'),
      };
    } else if (step.kind === 'number') answer = { numberValue: i % 3 === 0 ? 4.5 : 3 };
    else if (step.kind === 'text')
      answer = { textValue: 'Slight wear on the seal, cleaned and checked again.' };
    else if (step.kind === 'choice') answer = { textValue: 'Good' };
    else answer = { outcome: i % 17 === 0 ? 'fail' : 'pass' };
    await api(server, authorization, 'PUT', `/api/events/${task.id}/checklist/steps/${step.key}`, answer);
  }
  await api(server, authorization, 'POST', `/api/assets/${asset.id}/events/${task.id}/complete`, {});
  return { authorization, assetId: asset.id, eventId: task.id, photoMegabytes: photoBytes / (1024 * 1024) };
}

/** The report PDF, downloaded REPORT_ROUNDS times: the slowest, its pages, images and size. */
export async function timeChecklistReport(server: RunningProcess, fixture: ChecklistFixture) {
  let slowest = 0;
  let pdf = new Uint8Array();
  for (let round = 0; round < REPORT_ROUNDS; round++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/events/${fixture.eventId}/checklist/report.pdf`, {
      headers: { authorization: fixture.authorization },
    });
    if (!response.ok) throw new Error(`The report answered ${response.status}: ${await response.text()}`);
    pdf = new Uint8Array(await response.arrayBuffer());
    slowest = Math.max(slowest, (performance.now() - started) / 1000);
  }
  const doc = await PDFDocument.load(pdf);
  return { seconds: slowest, pages: doc.getPageCount(), megabytes: pdf.byteLength / (1024 * 1024) };
}
