// The JavaScript a page of the built web app loads before it can run: its HTML's scripts and
// modulepreloads, and every chunk those import statically, each counted once at its gzip size; and
// the language catalog it downloads before it renders (ADR 120). Other lazy chunks (import()) are left
// out: the page does not wait for them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { LANGUAGES } from '@mqr/contracts';

/** The public page's budget (issue "a million assets", ADR 032): all its scripts together with its catalog, gzip. */
export const PUBLIC_PAGE_SCRIPT_BUDGET_KB = 120;

export interface ScriptFile {
  /** The path the browser asks for, e.g. /assets/public-asset-Ab12.js. */
  url: string;
  bytes: number;
  gzipBytes: number;
}

/**
 * A language's catalog, as the web build names it: `catalog-<catalog>.<locale>.<hash>.js`
 * (apps/web/vite.config.ts). Its `gzipBytes` count what it imports statically beyond the page's scripts too.
 */
export interface CatalogFile extends ScriptFile {
  /** `public` (the public page's own) or `messages` (the app's). */
  catalog: string;
  locale: string;
}

export interface ScriptSize {
  /** The scripts the page runs and waits for: its HTML's and their static imports. */
  files: ScriptFile[];
  /** Those together, gzip, in KB (1,024 bytes), one decimal. */
  staticGzipKb: number;
  /** The catalogs those scripts import (one per locale: the page downloads its language's before it renders). */
  catalogs: CatalogFile[];
  /** The language (one of LANGUAGES; the pseudo-locales are for tests) whose catalog is the heaviest; null: none. */
  heaviestLanguage: string | null;
  /** What the page downloads before it renders in its heaviest language: the scripts and that catalog, gzip KB. */
  gzipKb: number;
}

/** Answers a file's text by its URL path, or null when there is none. */
export type ReadText = (urlPath: string) => Promise<string | null>;

const TAG = /<(script|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g;
// `import x from "./a.js"`, `import{a as b}from"./a.js"`, `import "./a.js"`, `export{a}from"./a.js"`;
// never `import("./a.js")` (lazy).
const STATIC_IMPORT =
  /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
// `import("./a.js")`, `import(\`./a.js\`)`: a chunk loaded on demand.
const LAZY_IMPORT = /(?:^|[^\w$.])import\(\s*(["'`])(\.{1,2}\/[^"'`]+\.js)\1\s*\)/g;
const CATALOG_FILE = /\/catalog-([\w-]+)\.([\w-]+)\.[\w-]+\.js$/;

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    found.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

function isLocal(url: string): boolean {
  return !/^[a-z][a-z\d+\-.]*:/i.test(url) && !url.startsWith('//');
}

/** The URL paths of the scripts an HTML page runs or preloads, in document order. */
export function htmlScripts(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(TAG)) {
    const attrs = attributes(match[2] ?? '');
    const url =
      match[1]!.toLowerCase() === 'script'
        ? attrs.get('src')
        : attrs.get('rel')?.toLowerCase() === 'modulepreload'
          ? attrs.get('href')
          : undefined;
    if (url && isLocal(url)) urls.push(url);
  }
  return urls;
}

/** The specifiers a built chunk imports statically. */
export function staticImports(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((match) => match[1]!).filter(isLocal);
}

/** The specifiers a built chunk imports on demand (import()) with a plain path. */
export function lazyImports(code: string): string[] {
  return [...code.matchAll(LAZY_IMPORT)].map((match) => match[2]!).filter(isLocal);
}

function resolve(from: string, specifier: string): string {
  return new URL(specifier, `http://page${from}`).pathname;
}

function kb(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}

/**
 * Reads `urls` and their static imports, each once (`seen` is shared), and answers them with the
 * lazy imports they make. A missing file is an error (a broken build).
 */
async function follow(
  urls: string[],
  seen: Set<string>,
  read: ReadText,
  what: string,
): Promise<{ files: ScriptFile[]; lazy: string[] }> {
  const files: ScriptFile[] = [];
  const lazy: string[] = [];
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await read(url);
    if (code === null) throw new Error(`${what} loads ${url}, which is missing.`);
    const bytes = Buffer.from(code);
    files.push({ url, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length });
    for (const specifier of staticImports(code)) queue.push(resolve(url, specifier));
    for (const specifier of lazyImports(code)) lazy.push(resolve(url, specifier));
  }
  return { files, lazy };
}

function total(files: ScriptFile[]): number {
  return files.reduce((sum, file) => sum + file.gzipBytes, 0);
}

/**
 * Follows the page's scripts and their static imports, then the language catalogs those import: each
 * catalog is counted with what it imports statically beyond the page's scripts. A missing file is an
 * error (a broken build).
 */
export async function measureScripts(htmlPath: string, read: ReadText): Promise<ScriptSize> {
  const html = await read(htmlPath);
  if (html === null) throw new Error(`No page at ${htmlPath}.`);
  const seen = new Set<string>();
  const page = await follow(
    htmlScripts(html).map((url) => resolve(htmlPath, url)),
    seen,
    read,
    htmlPath,
  );
  const catalogs: CatalogFile[] = [];
  const pageBytes = total(page.files);
  let heaviest: { language: string; bytes: number } | null = null;
  for (const url of new Set(page.lazy)) {
    const name = CATALOG_FILE.exec(url);
    if (!name) continue;
    const catalog = await follow([url], new Set(seen), read, htmlPath);
    const bytes = total(catalog.files);
    const file = catalog.files[0]!;
    catalogs.push({ ...file, gzipBytes: bytes, catalog: name[1]!, locale: name[2]! });
    if ((LANGUAGES as readonly string[]).includes(name[2]!) && (!heaviest || bytes > heaviest.bytes)) {
      heaviest = { language: name[2]!, bytes };
    }
  }
  return {
    files: page.files,
    staticGzipKb: kb(pageBytes),
    catalogs,
    heaviestLanguage: heaviest?.language ?? null,
    gzipKb: kb(pageBytes + (heaviest?.bytes ?? 0)),
  };
}

/** Reads from a build's output folder (e.g. apps/web/dist). */
export function readFromDist(distDir: string): ReadText {
  const root = path.resolve(distDir);
  return async (urlPath) => {
    const file = path.resolve(root, `.${decodeURIComponent(urlPath)}`);
    if (!file.startsWith(root + path.sep)) return null;
    try {
      return await readFile(file, 'utf8');
    } catch {
      return null;
    }
  };
}

/** Reads from a running server, as the browser would (without compression: the gzip size is computed). */
export function readFromServer(serverUrl: string): ReadText {
  return async (urlPath) => {
    const response = await fetch(new URL(urlPath, serverUrl), {
      headers: { 'accept-encoding': 'identity' },
    });
    if (!response.ok) return null;
    return response.text();
  };
}
