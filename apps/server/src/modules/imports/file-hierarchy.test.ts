import { describe, expect, it } from 'vitest';
import { readCommitOrder } from './commit-order.ts';
import { findHierarchyProblems } from './file-hierarchy.ts';
import type { StoredFile, StoredRow } from './import-kind.ts';
import { buildPlan } from './plan.ts';

const LEVELS = 100_000;

/** A file's parents as the check keeps them, in file order: `row:N` → its parent's `row:N`. */
function chain(order: 'parents first' | 'parents last') {
  const parent = new Map<string, string | null>();
  for (let row = 0; row < LEVELS; row++) {
    // Parents first: row n's parent is row n-1 (row 0 at the top); else row n+1 (the last row at the top).
    const above = order === 'parents first' ? row - 1 : row + 1;
    parent.set(`row:${row}`, above < 0 || above === LEVELS ? null : `row:${above}`);
  }
  return parent;
}

const rankOf = (node: string) => Number(node.slice('row:'.length));

describe('the parents a file gives', () => {
  for (const order of ['parents first', 'parents last'] as const) {
    it(`walks ${LEVELS.toLocaleString('en')} nested levels, ${order}, in linear time and no stack`, () => {
      const parent = chain(order);
      let steps = 0;
      const parentOf = (node: string) => {
        steps += 1;
        return parent.get(node);
      };
      // Parents last, the first row's walk goes up all the levels at once: a recursion would overflow.
      const problems = findHierarchyProblems(parent.keys(), parentOf, rankOf, 10);
      // Linear: each level is walked once (a walk from each row would take 5 billion steps).
      expect(steps).toBeLessThanOrEqual(LEVELS);
      expect(problems.size).toBe(LEVELS - 10);
      expect([...problems.values()].every((problem) => problem === 'tooDeep')).toBe(true);
      const top = order === 'parents first' ? 'row:0' : `row:${LEVELS - 1}`;
      expect(problems.has(top)).toBe(false);
    });
  }

  it('names the last row of a cycle, wherever the walk enters it, and a row naming itself', () => {
    const parent = new Map<string, string | null>([
      ['row:2', 'row:9'], // hangs below the cycle: not its problem
      ['row:5', 'row:7'],
      ['row:7', 'row:9'],
      ['row:9', 'row:5'],
      ['row:11', 'row:11'],
      ['row:12', 'stored-asset'], // stored ones have no rank: never a problem of theirs
    ]);
    const stored = new Map([['stored-asset', null]]);
    const parentOf = (node: string) => (parent.has(node) ? parent.get(node) : stored.get(node));
    const problems = findHierarchyProblems(
      parent.keys(),
      parentOf,
      (node) => (node.startsWith('row:') ? rankOf(node) : undefined),
      10,
    );
    expect(Object.fromEntries(problems)).toEqual({ 'row:9': 'cycle', 'row:11': 'cycle' });
  });

  it('counts a whole cycle once, even when it is longer than components nest', () => {
    const parent = new Map<string, string>();
    for (let row = 0; row < LEVELS; row++) parent.set(`row:${row}`, `row:${(row + 1) % LEVELS}`);
    const problems = findHierarchyProblems(parent.keys(), (node) => parent.get(node), rankOf, 10);
    expect(Object.fromEntries(problems)).toEqual({ [`row:${LEVELS - 1}`]: 'cycle' });
  });
});

describe('the commit order', () => {
  const plan = buildPlan(
    'assets',
    ['Name', 'Parent asset'],
    [{ kind: 'name' }, { kind: 'parentAsset' }],
    [],
    new Map(),
    null,
  );
  const fileOf = (rows: StoredRow[]): StoredFile => ({
    async *batches() {
      for (let start = 0; start < rows.length; start += 1000) yield rows.slice(start, start + 1000);
    },
    rowsNumbered: async (numbers) => rows.filter((row) => numbers.includes(row.rowNumber)),
  });

  it(`takes the parents of ${LEVELS.toLocaleString('en')} rows listed children first into the first row's chunk, once each`, async () => {
    // Row n's parent is row n+1: the first row takes every row below it.
    const rows = Array.from({ length: LEVELS }, (_, i) => ({
      rowNumber: i + 1,
      sheetRow: i + 2,
      cells: [`Part ${i}`, i === LEVELS - 1 ? '' : `Part ${i + 1}`],
    }));
    const order = await readCommitOrder(plan, fileOf(rows));
    expect(order.takes.get(1)).toHaveLength(LEVELS - 1);
    expect(order.takes.size).toBe(1);
    expect(order.writtenWith.get(LEVELS)).toBe(1);
    expect(order.writtenWith.has(1)).toBe(false);
  });

  it('takes nothing when every parent comes first, and a later parent only once', async () => {
    const rows = [
      ['Pump', ''],
      ['Motor', 'Pump'],
      ['Fan', 'Housing'],
      ['Blade', 'Housing'],
      ['Housing', 'Frame'],
      ['Frame', 'Motor'],
    ].map((cells, i) => ({ rowNumber: i + 1, sheetRow: i + 2, cells }));
    const order = await readCommitOrder(plan, fileOf(rows));
    expect(Object.fromEntries(order.takes)).toEqual({ 3: [5, 6] });
    expect(Object.fromEntries(order.writtenWith)).toEqual({ 5: 3, 6: 3 });
  });
});
