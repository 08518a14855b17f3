/**
 * Test helpers for label PDFs: pages rendered by Poppler's pdftoppm (as a printer driver would
 * rasterise them), QR codes found on them with where they are, and the text pdftotext reads.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readBarcodes } from 'zxing-wasm/reader';
import { prepareZxing } from '#server/test/decode-qr.ts';
import type { LabelLayout } from './layouts.ts';
import { labelBox } from './layouts.ts';
import type { LabelPlan } from './render-label-sheet.ts';

const run = promisify(execFile);

/** True when Poppler's pdftoppm is installed (Debian: poppler-utils). */
export async function hasPdftoppm(): Promise<boolean> {
  try {
    await run('pdftoppm', ['-v']);
    return true;
  } catch {
    return false;
  }
}

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mqr-labels-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every page of the PDF as a PNG, rendered with `pdftoppm -r <dpi> -png`. */
export function pdfPagesAsPng(pdf: Uint8Array, dpi = 200): Promise<Buffer[]> {
  return inTempDir(async (dir) => {
    await writeFile(path.join(dir, 'labels.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-png', 'labels.pdf', 'page'], { cwd: dir });
    const pages = (await readdir(dir)).filter((name) => name.endsWith('.png')).sort();
    return Promise.all(pages.map((name) => readFile(path.join(dir, name))));
  });
}

/** The PDF's text as pdftotext reads it, pages in order. */
export function pdfText(pdf: Uint8Array): Promise<string> {
  return inTempDir(async (dir) => {
    await writeFile(path.join(dir, 'labels.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', 'labels.pdf', '-'], { cwd: dir });
    return stdout;
  });
}

/** A QR code found on a page: its text and its centre, in PDF points from the page's top left. */
export interface FoundQrCode {
  text: string;
  x: number;
  y: number;
}

/** Every QR code zxing-wasm decodes on a page rendered at `dpi`, with where its centre is. */
export async function findQrCodes(png: Uint8Array, dpi = 200): Promise<FoundQrCode[]> {
  await prepareZxing();
  const results = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], maxNumberOfSymbols: 255 });
  const toPoints = 72 / dpi;
  return results
    .filter((result) => result.isValid)
    .map((result) => {
      const { topLeft, topRight, bottomLeft, bottomRight } = result.position;
      const x = (topLeft.x + topRight.x + bottomLeft.x + bottomRight.x) / 4;
      const y = (topLeft.y + topRight.y + bottomLeft.y + bottomRight.y) / 4;
      return { text: result.text, x: x * toPoints, y: y * toPoints };
    });
}

/** Where the centre of the QR code of the label at `slot` should be, in points from the page's top left. */
export function expectedQrCentre(
  layout: LabelLayout,
  plan: LabelPlan,
  slot: number,
): { x: number; y: number } {
  const box = labelBox(layout, slot);
  return {
    x: box.x + plan.qr.x + plan.qr.size / 2,
    y: layout.pageHeight - (box.y + plan.qr.y + plan.qr.size / 2),
  };
}

/** A word pdftotext finds, its box in points from the page's top left. */
export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word of the PDF with its box (`pdftotext -bbox`). */
export function pdfWords(pdf: Uint8Array): Promise<PdfWord[]> {
  return inTempDir(async (dir) => {
    await writeFile(path.join(dir, 'labels.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', 'labels.pdf', '-'], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    });
    const words: PdfWord[] = [];
    const pages = stdout.split('<page ').slice(1);
    for (const [page, html] of pages.entries()) {
      for (const match of html.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      )) {
        words.push({
          page,
          text: match[5] ?? '',
          xMin: Number(match[1]),
          yMin: Number(match[2]),
          xMax: Number(match[3]),
          yMax: Number(match[4]),
        });
      }
    }
    return words;
  });
}
