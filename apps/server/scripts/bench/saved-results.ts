// Each run's p95 figures are kept beside the embedded database's folder, so a run on the other database at
// the same size can show the embedded database as a ratio of PostgreSQL (goal: within 3×).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatasetSize } from './dataset.ts';

export type DatabaseKind = 'postgres' | 'pglite';

/** A scenario's p95 in milliseconds at 8 connections, by "tenant: scenario". */
export type P95ByScenario = Record<string, number>;

export const EMBEDDED_WITHIN = 3;

function fileOf(folder: string, kind: DatabaseKind, size: DatasetSize): string {
  const name = `${size.bigAssets}-${size.bigEvents}-${size.longHistory}-${size.smallOrganizations}x${size.smallAssets}`;
  return path.join(folder, `results-${kind}-${name}.json`);
}

export async function saveResults(
  folder: string,
  kind: DatabaseKind,
  size: DatasetSize,
  results: P95ByScenario,
): Promise<void> {
  await mkdir(folder, { recursive: true });
  // A run of some rows only (--only locations) replaces those and keeps the others'.
  const earlier = await readResults(fileOf(folder, kind, size));
  await writeFile(fileOf(folder, kind, size), JSON.stringify({ ...earlier, ...results }, null, 2));
}

/** The other database's figures for the same data set, if a run has left them. */
export async function otherResults(
  folder: string,
  kind: DatabaseKind,
  size: DatasetSize,
): Promise<P95ByScenario | undefined> {
  const other: DatabaseKind = kind === 'postgres' ? 'pglite' : 'postgres';
  return readResults(fileOf(folder, other, size));
}

async function readResults(file: string): Promise<P95ByScenario | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as P95ByScenario;
  } catch {
    return undefined;
  }
}
