/**
 * Test helpers for PDFs, shared by the server's tests and the e2e specs: pages rendered by Poppler's
 * pdftoppm (as a printer driver would rasterise them), the text pdftotext reads, and the QR codes
 * found on a page with where they are (zxing-wasm).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const execute = promisify(execFile);

/** Runs one of Poppler's tools; a missing tool fails with how to install it, not a bare ENOENT. */
async function run(
  command: string,
  args: string[],
  options: { cwd?: string; maxBuffer?: number } = {},
): Promise<{ stdout: string }> {
  try {
    return await execute(command, args, { ...options, encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(
      `${command} is missing: the PDF tests render and read PDFs with Poppler's tools. Install them with: sudo apt-get install -y poppler-utils`,
    );
  }
}
let prepared: Promise<unknown> | undefined;

/** zxing-wasm, ready to read (its wasm read from node_modules, once per process). */
export async function prepareZxing(): Promise<void> {
  if (!prepared) {
    const require = createRequire(import.meta.url);
    const wasm = await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    prepared = prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  }
  await prepared;
}

/** True when Poppler's pdftoppm is installed (Debian: poppler-utils). */
export async function hasPdftoppm(): Promise<boolean> {
  try {
    await run('pdftoppm', ['-v']);
    return true;
  } catch {
    return false;
  }
}

/** `work` on the PDF written as labels.pdf in a temporary directory, removed afterwards. */
async function withPdfFile<T>(pdf: Uint8Array, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mqr-pdf-'));
  try {
    await writeFile(path.join(dir, 'labels.pdf'), pdf);
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every page of the PDF as a PNG, rendered with `pdftoppm -r <dpi> -png`. */
export function pdfPagesAsPng(pdf: Uint8Array, dpi = 200): Promise<Buffer[]> {
  return withPdfFile(pdf, async (dir) => {
    await run('pdftoppm', ['-r', String(dpi), '-png', 'labels.pdf', 'page'], { cwd: dir });
    const pages = (await readdir(dir)).filter((name) => name.endsWith('.png')).sort();
    return Promise.all(pages.map((name) => readFile(path.join(dir, name))));
  });
}

/** The PDF's text as pdftotext reads it, pages in order. */
export function pdfText(pdf: Uint8Array): Promise<string> {
  return withPdfFile(pdf, async (dir) => {
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', 'labels.pdf', '-'], { cwd: dir });
    return stdout;
  });
}

/** The document's information as pdfinfo reads it ("Title", "Pages", "Creator"...), by name. */
export function pdfInfo(pdf: Uint8Array): Promise<Record<string, string>> {
  return withPdfFile(pdf, async (dir) => {
    const { stdout } = await run('pdfinfo', ['-enc', 'UTF-8', 'labels.pdf'], { cwd: dir });
    const info: Record<string, string> = {};
    for (const line of stdout.split('\n')) {
      const match = /^([^:]+):\s*(.*)$/.exec(line);
      if (match) info[match[1]!] = match[2]!;
    }
    return info;
  });
}

/** An image drawn on a page, as `pdfimages -list` lists it (a PNG's transparency is its own `smask`). */
export interface PdfImage {
  page: number;
  type: string;
  width: number;
  height: number;
}

/** The images the PDF embeds, page by page, as Poppler's pdfimages lists them. */
export function pdfImages(pdf: Uint8Array): Promise<PdfImage[]> {
  return withPdfFile(pdf, async (dir) => {
    const { stdout } = await run('pdfimages', ['-list', 'labels.pdf'], { cwd: dir });
    return stdout
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((columns) => columns.length > 4)
      .map(([page, , type, width, height]) => ({
        page: Number(page),
        type: type!,
        width: Number(width),
        height: Number(height),
      }));
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
  return withPdfFile(pdf, async (dir) => {
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
