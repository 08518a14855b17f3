// The JavaScript a page of the built web app loads before it can run: its HTML's scripts and
// modulepreloads, and every chunk those import statically, each counted once at its gzip size.
// Lazy chunks (import()) are left out: the page does not wait for them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The public page's budget (issue "a million assets"): all its scripts together, gzip. */
export const PUBLIC_PAGE_SCRIPT_BUDGET_KB = 120;

export interface ScriptFile {
  /** The path the browser asks for, e.g. /assets/public-asset-Ab12.js. */
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface ScriptSize {
  files: ScriptFile[];
  /** All the files together, gzip, in KB (1,024 bytes), one decimal. */
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

function resolve(from: string, specifier: string): string {
  return new URL(specifier, `http://page${from}`).pathname;
}

/** Follows the page's scripts and their static imports; a missing file is an error (a broken build). */
export async function measureScripts(htmlPath: string, read: ReadText): Promise<ScriptSize> {
  const html = await read(htmlPath);
  if (html === null) throw new Error(`No page at ${htmlPath}.`);
  const seen = new Set<string>();
  const files: ScriptFile[] = [];
  const queue = htmlScripts(html).map((url) => resolve(htmlPath, url));
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await read(url);
    if (code === null) throw new Error(`${htmlPath} loads ${url}, which is missing.`);
    const bytes = Buffer.from(code);
    files.push({ url, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length });
    for (const specifier of staticImports(code)) queue.push(resolve(url, specifier));
  }
  const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { files, gzipKb: Math.round((total / 1024) * 10) / 10 };
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
