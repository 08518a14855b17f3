/** What is wrong with a parent a row of the file gives its asset. */
export type HierarchyProblem = 'cycle' | 'tooDeep';

/** The depth noted for a node in a cycle of parents, or below one. */
const IN_CYCLE = -1;

/**
 * Which nodes sit in a cycle of parents or deeper than `maxDepth` levels (a node with no parent is
 * level 1), the parents being `parentOf` (the file's over the stored ones: one parent each). A cycle
 * is a problem of its node ranked last (the file's row that closes it, whatever the file's order);
 * only ranked nodes (the file's rows) have problems. Walks each node once, with a list rather than
 * recursion: a file of 100,000 nested levels takes linear time and no stack.
 */
export function findHierarchyProblems(
  starts: Iterable<string>,
  parentOf: (node: string) => string | null | undefined,
  rank: (node: string) => number | undefined,
  maxDepth: number,
): Map<string, HierarchyProblem> {
  const depth = new Map<string, number>();
  const problems = new Map<string, HierarchyProblem>();
  for (const start of starts) {
    if (depth.has(start)) continue;
    // The nodes met on the way up from `start` whose depth is not known yet, lowest first.
    const path: string[] = [];
    const onPath = new Map<string, number>();
    let above = 0;
    for (let node = start as string | null | undefined; node; node = parentOf(node)) {
      const known = depth.get(node);
      if (known !== undefined) {
        above = known;
        break;
      }
      const at = onPath.get(node);
      if (at !== undefined) {
        let closing: string | undefined;
        for (const member of path.slice(at)) {
          depth.set(member, IN_CYCLE);
          const order = rank(member);
          if (order !== undefined && (closing === undefined || order > rank(closing)!)) closing = member;
        }
        if (closing) problems.set(closing, 'cycle');
        path.length = at;
        above = IN_CYCLE;
        break;
      }
      onPath.set(node, path.length);
      path.push(node);
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const node = path[i]!;
      // Below a cycle: the cycle's row is the problem, not the rows hanging from it.
      above = above === IN_CYCLE ? IN_CYCLE : above + 1;
      depth.set(node, above);
      if (above > maxDepth && rank(node) !== undefined) problems.set(node, 'tooDeep');
    }
  }
  return problems;
}
