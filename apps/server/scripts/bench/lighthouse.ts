// One Lighthouse run (its default: a phone on a slow 4G network with a 4x slower CPU, simulated) in
// Debian's Chromium with the flags of the project's browser tests (e2e/support/environment.ts): no
// browser download.
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@mqr/e2e/support/environment.ts';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseScores {
  /** Category scores, 0..100. */
  performance: number;
  accessibility: number;
  /** Largest Contentful Paint and Total Blocking Time in ms, Cumulative Layout Shift unitless. */
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

function audit(lhr: { audits: Record<string, { numericValue?: number }> }, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse measured no ${id}.`);
  return value;
}

/** A run Lighthouse itself could not record (e.g. NO_NAVSTART on a busy machine): it asks to be run again. */
export class LighthouseRuntimeError extends Error {}

const ATTEMPTS_PER_RUN = 3;

/**
 * Runs Lighthouse on `url` (mobile, performance and accessibility) and answers its scores and metrics.
 * A run Lighthouse could not record is tried again, up to three times in all.
 */
export async function runLighthouse(
  url: string,
  chromePath: string = CHROMIUM_PATH,
): Promise<LighthouseScores> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouseOnce(url, chromePath);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= ATTEMPTS_PER_RUN) throw error;
      console.warn(`  ${error.message} (attempt ${attempt} of ${ATTEMPTS_PER_RUN}, trying again)`);
    }
  }
}

async function runLighthouseOnce(url: string, chromePath: string = CHROMIUM_PATH): Promise<LighthouseScores> {
  const chrome = await launch({ chromePath, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse answered nothing for ${url}.`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new LighthouseRuntimeError(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcpMs: Math.round(audit(lhr, 'largest-contentful-paint')),
      cls: Math.round(audit(lhr, 'cumulative-layout-shift') * 1000) / 1000,
      tbtMs: Math.round(audit(lhr, 'total-blocking-time')),
      fcpMs: Math.round(audit(lhr, 'first-contentful-paint')),
    };
  } finally {
    chrome.kill();
  }
}
