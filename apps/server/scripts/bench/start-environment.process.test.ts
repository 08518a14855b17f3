import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startEnvironment } from './processes.ts';

const run = promisify(execFile);

describe("npm start's environment (README, Production)", () => {
  it("gives the server glibc's malloc settings and a small young generation", () => {
    const env = startEnvironment();
    expect(env.GLIBC_TUNABLES).toMatch(/glibc\.malloc\.trim_threshold=\d+/);
    expect(env.NODE_OPTIONS).toMatch(/--max-semi-space-size=\d+/);
  });

  it('is one Node starts with (NODE_OPTIONS refuses most V8 flags, and Node then exits)', async () => {
    const { stdout } = await run(process.execPath, ['-e', 'console.log(process.env.GLIBC_TUNABLES)'], {
      env: { ...process.env, ...startEnvironment() },
    });
    expect(stdout.trim()).toBe(startEnvironment().GLIBC_TUNABLES);
  });
});
