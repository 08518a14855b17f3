// Cores of this machine standing for hosts of their own (the read replica's row, ADR 141): a process
// and everything it started are pinned to a set of cores with util-linux's taskset, so that work on
// one "host" does not take CPU from the other.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Two sets of cores, or none when the machine has fewer than two or no taskset. */
export function twoHosts(): { first: string; second: string } | undefined {
  const cores = os.availableParallelism();
  if (cores < 2 || spawnSync('taskset', ['--version']).status !== 0) return undefined;
  const half = Math.floor(cores / 2);
  const range = (from: number, to: number) => (from === to ? `${from}` : `${from}-${to}`);
  return { first: range(0, half - 1), second: range(half, cores - 1) };
}

/** Every core of the machine, as taskset writes a set. */
export function allCores(): string {
  return `0-${os.availableParallelism() - 1}`;
}

/** The processes `pid` started, and theirs, from /proc (pgrep -P). */
function descendants(pid: number): number[] {
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/**
 * Pins `pid`, its threads and the processes it started to `cores`; those it starts later inherit it
 * (a PostgreSQL server forks a backend for each connection).
 */
export function pinProcessTree(pid: number, cores: string): void {
  pinProcess(pid, cores);
  for (const each of descendants(pid)) {
    // A process that ended meanwhile is not an error.
    spawnSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cores, String(each)]);
  }
}

/** Pins `pid` and its threads to `cores`, not the processes it started. */
export function pinProcess(pid: number, cores: string): void {
  const result = spawnSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cores, String(pid)], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`taskset ${cores} ${pid}: ${result.stderr}`);
}

/** The postmaster's process id of a PostgreSQL data directory (the first line of postmaster.pid). */
export function postmasterPid(pgdata: string): number {
  return Number(readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
}
