import { execFile } from 'node:child_process';
import { utimes } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const STRIPPED_SOURCES = new URL('../stripped-sources.js', import.meta.url).href;
const SLUG = new URL('./lib/slug.ts', import.meta.url).href;
const SLUG_COPY = fileURLToPath(new URL('../dist/stripped/apps/server/src/lib/slug.ts.js', import.meta.url));

/** Imports lib/slug.ts the way main.js imports the server, and tells in which format its source reached Node. */
async function loadSlug(): Promise<{ format: string; slug: string }> {
  const source = `
    import { registerHooks } from 'node:module';
    import { useStrippedSources } from '${STRIPPED_SOURCES}';
    useStrippedSources();
    let format;
    registerHooks({
      load(url, context, nextLoad) {
        const result = nextLoad(url, context);
        if (url === '${SLUG}') format = result.format;
        return result;
      },
    });
    const { slugBase } = await import('${SLUG}');
    console.log(JSON.stringify({ format, slug: slugBase('Boiler Room 2') }));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '--eval', source], {
    cwd: SERVER_DIR,
  });
  return JSON.parse(stdout);
}

describe('type-stripped sources (ADR 070)', () => {
  beforeAll(async () => {
    await run(process.execPath, ['--disable-warning=ExperimentalWarning', 'scripts/strip-types.js'], {
      cwd: SERVER_DIR,
    });
  });

  it('loads a module from its stripped copy, as plain JavaScript that works', async () => {
    expect(await loadSlug()).toEqual({ format: 'module', slug: 'boiler-room-2' });
  });

  it('falls back to Node’s own type stripping when the copy is older than the source', async () => {
    await utimes(SLUG_COPY, 0, 0);
    try {
      expect(await loadSlug()).toEqual({ format: 'module-typescript', slug: 'boiler-room-2' });
    } finally {
      const now = new Date();
      await utimes(SLUG_COPY, now, now);
    }
  });
});
