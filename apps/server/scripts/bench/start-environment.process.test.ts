import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startEnvironment, startNodeFlags } from './processes.ts';

const run = promisify(execFile);

describe("npm start's environment and node flags (README, Production)", () => {
  it("gives the server glibc's malloc settings, a small young generation and a slower-growing old one", () => {
    const env = startEnvironment();
    expect(env.GLIBC_TUNABLES).toMatch(/glibc\.malloc\.trim_threshold=\d+/);
    expect(env.NODE_OPTIONS).toMatch(/--max-semi-space-size=\d+/);
    expect(startNodeFlags()).toContainEqual(expect.stringMatching(/^--heap-growing-percent=\d+$/));
  });

  it('is one Node starts with (NODE_OPTIONS refuses most V8 flags, and Node then exits)', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        ...startNodeFlags(),
        '-e',
        'console.log(process.env.GLIBC_TUNABLES, process.execArgv.filter((a) => a.startsWith("--")).join(" "))',
      ],
      { env: { ...process.env, ...startEnvironment() } },
    );
    expect(stdout.trim()).toBe(`${startEnvironment().GLIBC_TUNABLES} ${startNodeFlags().join(' ')}`);
  });
});
