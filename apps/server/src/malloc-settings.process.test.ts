import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const MALLOC_SETTINGS = new URL('../malloc-settings.js', import.meta.url).href;

/** A script that prints its pid and what it runs with, then applies the settings as main.js does. */
const SCRIPT = `
  import { useMallocSettings } from '${MALLOC_SETTINGS}';
  console.log(JSON.stringify({ pid: process.pid, tunables: process.env.GLIBC_TUNABLES ?? null, args: process.argv.slice(2) }));
  useMallocSettings();
`;
let dir: string;
let script: string;
/** The settings as malloc-settings.js (plain JavaScript, outside the type-checked sources) gives them. */
let MALLOC_TUNABLES: string;

/** What the script printed: once, or twice when its process started again. */
async function startLikeMain(env: NodeJS.ProcessEnv) {
  const { stdout } = await run(process.execPath, [script, 'kept'], { env });
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { pid: number; tunables: string | null; args: string[] });
}

describe.runIf(process.platform === 'linux')("glibc's malloc settings (ADR 075)", () => {
  beforeAll(async () => {
    ({ MALLOC_TUNABLES } = (await import(MALLOC_SETTINGS)) as { MALLOC_TUNABLES: string });
    dir = await mkdtemp(path.join(os.tmpdir(), 'mqr-malloc-'));
    script = path.join(dir, 'main.mjs');
    await writeFile(script, SCRIPT);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('starts the process again in place with them, keeping its pid and arguments', async () => {
    const { GLIBC_TUNABLES: _unset, ...env } = process.env;
    const lines = await startLikeMain(env);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.tunables).toBeNull();
    expect(lines[1]).toEqual({ pid: lines[0]!.pid, tunables: MALLOC_TUNABLES, args: ['kept'] });
  });

  it('leaves an operator’s own GLIBC_TUNABLES alone', async () => {
    const own = 'glibc.malloc.arena_max=2';
    const lines = await startLikeMain({ ...process.env, GLIBC_TUNABLES: own });
    expect(lines).toEqual([{ pid: lines[0]!.pid, tunables: own, args: ['kept'] }]);
  });
});
