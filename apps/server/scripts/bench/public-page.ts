// The public asset page as a phone sees it (issue "a million assets", ADR 032): Lighthouse's mobile
// scores and the JavaScript the page loads.
import { runLighthouse } from './lighthouse.ts';
import { measureScripts, PUBLIC_PAGE_SCRIPT_BUDGET_KB, readFromServer } from './script-size.ts';

export const PUBLIC_PAGE_GOALS = {
  performance: 95,
  accessibility: 100,
  scriptGzipKb: PUBLIC_PAGE_SCRIPT_BUDGET_KB,
} as const;

export interface PublicPageResult {
  /** Lighthouse mobile category scores, 0..100. */
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /**
   * All the JavaScript the page waits for (scripts, modulepreloads and their static imports) with the
   * catalog of its heaviest language (ADR 120), gzip, KB: what the budget counts.
   */
  scriptGzipKb: number;
  /** The scripts alone, gzip, KB. */
  staticScriptGzipKb: number;
  /** Each language's catalog of the page (gzip, KB), by locale; the heaviest of LANGUAGES is in scriptGzipKb. */
  catalogGzipKb: Record<string, number>;
}

/**
 * Measures the public asset page at `serverUrl` + `publicPagePath` (e.g. /a/{organizationId}/{slug}
 * of an asset with a history) on the running server. Lighthouse runs `runs` times (3 by default: a
 * busy machine makes single runs noisy); the run with the median performance score is answered.
 */
export async function measurePublicPage(
  serverUrl: string,
  publicPagePath: string,
  { runs = 3 }: { runs?: number } = {},
): Promise<PublicPageResult> {
  const scripts = await measureScripts(publicPagePath, readFromServer(serverUrl));
  const url = new URL(publicPagePath, serverUrl).href;
  const results = [];
  for (let run = 0; run < Math.max(1, runs); run += 1) results.push(await runLighthouse(url));
  results.sort((a, b) => a.performance - b.performance);
  const median = results[Math.floor(results.length / 2)]!;
  return {
    performance: median.performance,
    accessibility: median.accessibility,
    lcpMs: median.lcpMs,
    cls: median.cls,
    tbtMs: median.tbtMs,
    scriptGzipKb: scripts.gzipKb,
    staticScriptGzipKb: scripts.staticGzipKb,
    catalogGzipKb: Object.fromEntries(
      scripts.catalogs.map((catalog) => [catalog.locale, Math.round((catalog.gzipBytes / 1024) * 10) / 10]),
    ),
  };
}

/** The goals a measurement misses, worded for the report (none: all met). */
export function missedPublicPageGoals(result: PublicPageResult): string[] {
  const missed: string[] = [];
  if (result.performance < PUBLIC_PAGE_GOALS.performance)
    missed.push(`public page performance ${result.performance} < ${PUBLIC_PAGE_GOALS.performance}`);
  if (result.accessibility < PUBLIC_PAGE_GOALS.accessibility)
    missed.push(`public page accessibility ${result.accessibility} < ${PUBLIC_PAGE_GOALS.accessibility}`);
  if (result.scriptGzipKb > PUBLIC_PAGE_GOALS.scriptGzipKb)
    missed.push(
      `public page JavaScript ${result.scriptGzipKb} KB > ${PUBLIC_PAGE_GOALS.scriptGzipKb} KB gzip`,
    );
  return missed;
}
