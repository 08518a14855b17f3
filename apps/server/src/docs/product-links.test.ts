import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCE_FOLDERS = [
  'apps/server/src',
  'apps/server/scripts',
  'apps/web/src',
  'packages/contracts/src',
  'e2e',
];
const POINTER = /docs\/product\/([a-z-]+\.md)(?:#([a-z0-9-]+))?/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|css)$/.test(entry.name))
    .filter((entry) => !entry.parentPath.includes('node_modules'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const headings = markdown.split('\n').filter((line) => /^#{1,6} /.test(line));
  return new Set(
    headings.map((line) =>
      line
        .replace(/^#+ /, '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} -]/gu, '')
        .replaceAll(' ', '-'),
    ),
  );
}

describe('pointers from the code to docs/product', () => {
  it('name a page that exists and a heading it has', () => {
    const broken: string[] = [];
    let count = 0;
    for (const file of SOURCE_FOLDERS.flatMap(sourceFiles)) {
      for (const [pointer, page, anchor] of readFileSync(file, 'utf8').matchAll(POINTER)) {
        count++;
        let markdown: string;
        try {
          markdown = readFileSync(path.join(ROOT, 'docs/product', page!), 'utf8');
        } catch {
          broken.push(`${path.relative(ROOT, file)}: ${pointer} (no such page)`);
          continue;
        }
        if (anchor && !anchorsOf(markdown).has(anchor)) {
          broken.push(`${path.relative(ROOT, file)}: ${pointer} (no such heading)`);
        }
      }
    }
    expect(count).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });
});
