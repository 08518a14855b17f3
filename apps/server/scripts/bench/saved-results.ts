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
  await writeFile(fileOf(folder, kind, size), JSON.stringify(results, null, 2));
}

/** The other database's figures for the same data set, if a run has left them. */
export async function otherResults(
  folder: string,
  kind: DatabaseKind,
  size: DatasetSize,
): Promise<P95ByScenario | undefined> {
  const other: DatabaseKind = kind === 'postgres' ? 'pglite' : 'postgres';
  try {
    return JSON.parse(await readFile(fileOf(folder, other, size), 'utf8')) as P95ByScenario;
  } catch {
    return undefined;
  }
}
