import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherResults, saveResults } from './saved-results.ts';

const SIZE = {
  bigAssets: 100_000,
  bigEvents: 300_000,
  smallOrganizations: 20,
  smallAssets: 2000,
  longHistory: 2000,
};

describe("each run's saved p95 figures", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'mqr-saved-results-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("are read by the other database's run at the same size only", async () => {
    await saveResults(folder, 'postgres', SIZE, { 'big: asset detail': 5 });
    expect(await otherResults(folder, 'pglite', SIZE)).toEqual({ 'big: asset detail': 5 });
    expect(await otherResults(folder, 'postgres', SIZE)).toBeUndefined();
    expect(await otherResults(folder, 'pglite', { ...SIZE, smallAssets: 10_000 })).toBeUndefined();
  });

  it('of some rows only (--only locations) replace those rows and keep the others', async () => {
    await saveResults(folder, 'pglite', SIZE, { 'big: asset detail': 9, 'big: type-ahead, common word': 4 });
    await saveResults(folder, 'pglite', SIZE, { 'big: type-ahead, common word': 3 });
    expect(await otherResults(folder, 'postgres', SIZE)).toEqual({
      'big: asset detail': 9,
      'big: type-ahead, common word': 3,
    });
  });
});
