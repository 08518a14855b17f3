import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';

describe('bundled zxing wasm', () => {
  it('is the version barcode-detector was built against (the glue code and the wasm must match)', () => {
    const entry = createRequire(import.meta.url).resolve('zxing-wasm/reader');
    let dir = dirname(entry);
    while (!dir.endsWith('zxing-wasm')) dir = dirname(dir);
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
    expect(version).toBe(ZXING_WASM_VERSION);
  });
});
