// The source files the lean public page (src/public-asset-main.tsx, ADR 032) loads before it renders:
// its entry and everything it imports statically, as the build keeps them after tree shaking. The
// public page's catalog holds the messages of these files and no others (ADR 120).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

export const WEB_DIR = path.resolve(import.meta.dirname, '..');
export const PUBLIC_PAGE_ENTRY = 'src/public-asset-main.tsx';
/** The list as `npm run i18n:extract:web` last wrote it; lingui.config.ts reads it. */
export const PUBLIC_PAGE_MODULES_FILE = 'src/locales/public-page-modules.json';

/**
 * Only what the page waits for, as code: lazy imports (the whole app behind a signed-in visit, the
 * catalogs) stay outside, and so do the styles, the catalogs and Lingui's macros (which the real
 * build compiles away; here they only have to resolve).
 */
function staticGraphOnly(): Plugin {
  return {
    name: 'mqr:public-page-static-graph',
    enforce: 'pre',
    resolveId(source) {
      if (/\.(?:po|css)$/.test(source) || /^@lingui\/[\w-]+\/macro$/.test(source)) {
        return { id: source, external: true };
      }
      return null;
    },
    resolveDynamicImport(specifier) {
      return typeof specifier === 'string' ? { id: specifier, external: true } : false;
    },
  };
}

/** A bundled module's id as a path relative to apps/web with forward slashes, or null for no source file of ours. */
function sourceFile(moduleId: string, webDir: string): string | null {
  if (!path.isAbsolute(moduleId) || moduleId.includes(`${path.sep}node_modules${path.sep}`)) return null;
  if (/\.css$/.test(moduleId)) return null;
  return path.relative(webDir, moduleId).split(path.sep).join('/');
}

/**
 * Builds the public page's entry in memory with the same bundler and tree shaking as `vite build`
 * (Rolldown) and answers the source files of the chunk it makes, sorted.
 */
export async function publicPageModules(webDir: string = WEB_DIR): Promise<string[]> {
  const built = (await build({
    configFile: false,
    root: webDir,
    logLevel: 'silent',
    mode: 'production',
    plugins: [staticGraphOnly()],
    build: {
      write: false,
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      rollupOptions: { input: path.join(webDir, PUBLIC_PAGE_ENTRY) },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const files = new Set<string>();
  for (const output of Array.isArray(built) ? built : [built]) {
    for (const item of output.output) {
      if (item.type !== 'chunk') continue;
      for (const id of item.moduleIds) {
        const file = sourceFile(id, webDir);
        if (file) files.add(file);
      }
    }
  }
  if (!files.has(PUBLIC_PAGE_ENTRY)) throw new Error(`The build of ${PUBLIC_PAGE_ENTRY} does not hold it.`);
  return [...files].sort();
}

/** The list lingui.config.ts reads (empty when it was never written). */
export async function readPublicPageModules(webDir: string = WEB_DIR): Promise<string[]> {
  try {
    return JSON.parse(await readFile(path.join(webDir, PUBLIC_PAGE_MODULES_FILE), 'utf8')) as string[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function writePublicPageModules(files: string[], webDir: string = WEB_DIR): Promise<void> {
  await writeFile(path.join(webDir, PUBLIC_PAGE_MODULES_FILE), `${JSON.stringify(files, null, 2)}\n`);
}
