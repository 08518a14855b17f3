import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The specifiers a file imports: static imports and re-exports (`import … from '…'`,
 * `export … from '…'`, type-only ones too), side-effect imports and `import('…')`. Read with
 * expressions rather than a parser: the sources are Biome-formatted (one statement per import), and
 * TypeScript 7 has no JavaScript API to ask.
 */
const SPECIFIER_PATTERNS = [
  /^\s*(?:import|export)(?:\s+type)?\s*(?:\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+(?:\s*,\s*\{[^}]*\})?)\s*from\s*['"]([^'"]+)['"]/gm,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

export function importSpecifiers(source: string): string[] {
  return SPECIFIER_PATTERNS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!));
}

/** Each module and the other modules it imports, each with one file that does (to name in a message). */
export type ModuleGraph = Map<string, Map<string, string>>;

/** The module (folder of `modules/`) a specifier of `file` reaches, when it reaches one. */
function moduleOf(srcDir: string, file: string, specifier: string): string | undefined {
  const target = specifier.startsWith('#server/')
    ? path.join(srcDir, specifier.slice('#server/'.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(file), specifier)
      : undefined;
  if (!target) return undefined;
  const relative = path.relative(path.join(srcDir, 'modules'), target);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep)[0];
}

/** The imports between the server's modules (`srcDir`/modules/<module>/), tests included. */
export async function readModuleGraph(srcDir: string): Promise<ModuleGraph> {
  const modulesDir = path.join(srcDir, 'modules');
  const graph: ModuleGraph = new Map();
  const entries = await readdir(modulesDir, { withFileTypes: true });
  for (const entry of entries.filter((candidate) => candidate.isDirectory())) {
    const imported = new Map<string, string>();
    graph.set(entry.name, imported);
    const files = await readdir(path.join(modulesDir, entry.name), { recursive: true });
    for (const name of files.filter((file) => file.endsWith('.ts')).sort()) {
      const file = path.join(modulesDir, entry.name, name);
      for (const specifier of importSpecifiers(await readFile(file, 'utf8'))) {
        const other = moduleOf(srcDir, file, specifier);
        if (other && other !== entry.name && !imported.has(other))
          imported.set(other, `${entry.name}/${name}`);
      }
    }
  }
  return graph;
}

/** A cycle of the graph as the modules along it, the first repeated at the end; undefined when none. */
export function findCycle(graph: ModuleGraph): string[] | undefined {
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (node: string): string[] | undefined => {
    const open = trail.indexOf(node);
    if (open >= 0) return [...trail.slice(open), node];
    if (done.has(node)) return undefined;
    trail.push(node);
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    done.add(node);
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/** A cycle as a message: each step with the file that takes it. */
export function describeCycle(graph: ModuleGraph, cycle: string[]): string {
  const steps = cycle.slice(1).map((to, index) => {
    const from = cycle[index]!;
    return `${from} -> ${to} (${graph.get(from)?.get(to)})`;
  });
  return `The modules import each other in a cycle: ${steps.join(', ')}`;
}
