import { spawnSync } from 'node:child_process';

/** Runs a command with the inherited terminal and exits with its status when it fails. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export const isCi = () => process.env.CI === 'true' || process.env.CI === '1';
