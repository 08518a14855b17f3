import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { prepareZxing } from '@mqr/pdf-testing';
import { readBarcodes } from 'zxing-wasm/reader';

const run = promisify(execFile);

/** The texts of the QR codes in a PNG, decoded in-process by zxing-wasm (its wasm read from node_modules). */
export async function decodeQrPng(png: Uint8Array): Promise<string[]> {
  await prepareZxing();
  const results = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
  return results.filter((r) => r.isValid).map((r) => r.text);
}

/** True when Debian's zbar-tools (`zbarimg`) is installed. */
export async function hasZbarimg(): Promise<boolean> {
  try {
    await run('zbarimg', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** The text of the QR code in a PNG as `zbarimg --quiet --raw` reads it. */
export async function zbarDecode(png: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mqr-qr-'));
  try {
    const file = path.join(dir, 'code.png');
    await writeFile(file, png);
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', file]);
    return stdout.trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
