import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  describeCycle,
  findCycle,
  importSpecifiers,
  type ModuleGraph,
  readModuleGraph,
} from './test/module-graph.ts';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(SRC, '../../..');

const graphOf = (edges: Record<string, string[]>): ModuleGraph =>
  new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, `${from}/x.ts`]))]));

describe('the import graph between modules (ADR 102)', () => {
  it('reads static, type-only, re-exported and dynamic imports', () => {
    const source = [
      "import { a } from '../assets/index.ts';",
      'import {',
      '  b,',
      '  type C,',
      "} from '#server/modules/users/index.ts';",
      "import type { D } from './queries.ts';",
      "export { e } from '../events/index.ts';",
      'import "../side-effect.ts";',
      "  const { f } = await import('../fields/index.ts');",
      "const text = 'not an import from here';",
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(
      [
        '#server/modules/users/index.ts',
        '../assets/index.ts',
        '../events/index.ts',
        '../fields/index.ts',
        '../side-effect.ts',
        './queries.ts',
      ].sort(),
    );
  });

  it('finds a cycle, and none where there is none', () => {
    const cyclic = graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] });
    expect(findCycle(cyclic)).toEqual(['a', 'b', 'c', 'a']);
    expect(describeCycle(cyclic, ['a', 'b', 'c', 'a'])).toContain('c -> a (c/x.ts)');
    expect(findCycle(graphOf({ a: ['b', 'c'], b: ['c'], c: [], d: ['a'] }))).toBeUndefined();
  });

  it('has no cycle between the server modules', async () => {
    const graph = await readModuleGraph(SRC);
    // The graph is read: the asset list is a module that assets use.
    expect(graph.get('assets')?.has('asset-list')).toBe(true);
    const cycle = findCycle(graph);
    expect(cycle && describeCycle(graph, cycle)).toBeUndefined();
  });
});

describe("Biome's boundary between modules (ADR 102)", () => {
  it("refuses another module's queries.ts and service.ts, not its index.ts", async () => {
    const probe = await mkdtemp(path.join(SRC, 'modules', 'boundary-probe-'));
    try {
      await writeFile(
        path.join(probe, 'reaches-in.ts'),
        [
          "import { findUserByEmail } from '../users/queries.ts';",
          "import { toAuthUser } from '#server/modules/users/service.ts';",
          'export { findUserByEmail, toAuthUser };',
        ].join('\n'),
      );
      await writeFile(
        path.join(probe, 'through-index.ts'),
        "import { toCurrentUser } from '../users/index.ts';\n\nexport { toCurrentUser };\n",
      );
      const biome = spawnSync(
        path.join(ROOT, 'node_modules/.bin/biome'),
        ['lint', '--only=style/noRestrictedImports', '--colors=off', path.relative(ROOT, probe)],
        { cwd: ROOT, encoding: 'utf8' },
      );
      const output = biome.stdout + biome.stderr;
      expect(biome.status, output).toBe(1);
      expect(output).toMatch(/reaches-in\.ts:1:\d+ lint\/style\/noRestrictedImports/);
      expect(output).toMatch(/reaches-in\.ts:2:\d+ lint\/style\/noRestrictedImports/);
      expect(output).toContain(
        "Another module's internals: import what it offers from its index.ts (ADR 102).",
      );
      expect(output).not.toContain('through-index.ts');
    } finally {
      await rm(probe, { recursive: true, force: true });
    }
  });
});
