// The label benchmark (docs/goals.md: 1,000 labels in at most 10 s): the assets a register import created,
// printed on Avery L7160 with a custom field through POST /api/labels of the real server, timed from
// this process as a browser waits for the PDF.
import { LABEL_LAYOUTS } from '@mqr/contracts';
import { PDFDocument } from 'pdf-lib';
import { signInImportAdmin, timeImport } from './import-timing.ts';
import type { RunningProcess } from './processes.ts';

const LAYOUT = LABEL_LAYOUTS[0];

/** A register of `count` new assets (no slugs: every row creates one), each with a serial number. */
function labelRegisterCsv(count: number): string {
  // A column of its own: the other imports' internal "Serial" field cannot go on a label.
  const lines = ['Name,Label serial'];
  for (let i = 1; i <= count; i++) lines.push(`Labelled pump ${i},SN-${200000 + i}`);
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Imports a register of `count` assets with a serial number, then times the PDF of their labels with
 * the serial number on each: the seconds, its pages (checked against the sheets they need) and its
 * size.
 */
export async function timeLabels(server: RunningProcess, count: number) {
  const imported = await timeImport(server, labelRegisterCsv(count), {
    kind: 'assets',
    // A label prints only a public field: anyone can read a printed label (ADR 091).
    publicColumn: 1,
  });
  if (imported.created !== count)
    throw new Error(`The label import created ${imported.created} of ${count}.`);
  const serial = imported.run.mapping[1]?.fieldId;
  if (!serial) throw new Error('The register’s Serial column went to no custom field.');
  const authorization = await signInImportAdmin(server);

  const started = performance.now();
  const response = await fetch(`${server.url}/api/labels`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ importId: imported.run.id, layout: LAYOUT.id, fieldId: serial }),
  });
  if (!response.ok) throw new Error(`POST /api/labels answered ${response.status}: ${await response.text()}`);
  const pdf = new Uint8Array(await response.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;

  const pages = (await PDFDocument.load(pdf)).getPageCount();
  return {
    layout: LAYOUT.name,
    seconds,
    pages,
    complete: pages === Math.ceil(count / LAYOUT.labelsPerSheet),
    kilobytes: pdf.byteLength / 1024,
  };
}
