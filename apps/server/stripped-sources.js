// The server's TypeScript, type-stripped ahead of time (ADR 070). Plain JavaScript, because Node's own type
// stripping (amaro, a WebAssembly build of swc) costs about 17 MB resident as soon as one .ts file loads.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STRIPPED_DIR = fileURLToPath(new URL('./dist/stripped', import.meta.url));
/** The folders whose TypeScript the server runs. */
const SOURCE_DIRS = ['apps/server/src', 'packages/contracts/src'];
const IS_TEST = /\.(test|spec)\.ts$/;

function strippedCopyOf(sourcePath) {
  return path.join(STRIPPED_DIR, `${path.relative(REPO_ROOT, sourcePath)}.js`);
}

function* typeScriptFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* typeScriptFiles(entryPath);
    else if (entry.name.endsWith('.ts') && !IS_TEST.test(entry.name)) yield entryPath;
  }
}

/** Writes the stripped copy of every server source file (part of `npm run build`); returns how many. */
export function writeStrippedSources() {
  let written = 0;
  for (const dir of SOURCE_DIRS) {
    for (const sourcePath of typeScriptFiles(path.join(REPO_ROOT, dir))) {
      const copy = strippedCopyOf(sourcePath);
      mkdirSync(path.dirname(copy), { recursive: true });
      // 'strip' blanks the types in place: line and column numbers in stack traces stay the source's.
      writeFileSync(copy, stripTypeScriptTypes(readFileSync(sourcePath, 'utf8'), { mode: 'strip' }));
      written += 1;
    }
  }
  return written;
}

function freshCopy(sourcePath) {
  try {
    const copy = strippedCopyOf(sourcePath);
    return statSync(copy).mtimeMs >= statSync(sourcePath).mtimeMs ? readFileSync(copy, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads each .ts module from its stripped copy when the copy is newer than the source; a missing or
 * stale copy (a source edited after the build) falls back to Node's own stripping, so it is never wrong.
 */
export function useStrippedSources() {
  registerHooks({
    load(url, context, nextLoad) {
      if (url.startsWith('file:') && url.endsWith('.ts')) {
        const source = freshCopy(fileURLToPath(url));
        if (source !== undefined) return { format: 'module', source, shortCircuit: true };
      }
      return nextLoad(url, context);
    },
  });
}
