// Lighthouse finds the app installable (ADR 055). Lighthouse 12 dropped its PWA category
// and with it the installable-manifest audit; this brings the same check back as a Lighthouse plugin
// of our own: a gatherer asks Chromium (DevTools protocol, Page.getInstallabilityErrors, what that
// audit read) once the page has loaded, and an audit scores it. Debian's Chromium, no download.
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@mqr/e2e/support/environment.ts';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { Audit } from 'lighthouse/core/audits/audit.js';
import BaseGatherer from 'lighthouse/core/gather/base-gatherer.js';

interface InstallabilityArtifact {
  manifestUrl: string | null;
  errors: string[];
}

interface ProtocolSession {
  sendCommand(method: string, params?: object): Promise<unknown>;
}

// Lighthouse's types know only its own artifacts: the plugin's classes extend its bases untyped.
const Gatherer = BaseGatherer as unknown as new () => object;
const AuditBase = Audit as unknown as new () => object;

/** What Chromium says of the page's installability, and which manifest it read. */
class Installability extends Gatherer {
  meta = { supportedModes: ['navigation' as const] };

  async getArtifact(context: { driver: { defaultSession: ProtocolSession } }) {
    const session = context.driver.defaultSession;
    // The app registers its service worker once loaded: give it a moment to take over.
    for (let attempt = 0; ; attempt += 1) {
      const manifest = (await session.sendCommand('Page.getAppManifest')) as { url?: string };
      const { installabilityErrors } = (await session.sendCommand('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
      };
      const errors = installabilityErrors.map(
        (error) =>
          `${error.errorId}${error.errorArguments.map((argument) => ` ${argument.name}=${argument.value}`).join('')}`,
      );
      if (errors.length === 0 || attempt >= 10) {
        return { manifestUrl: manifest.url || null, errors } satisfies InstallabilityArtifact;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

class InstallableAudit extends AuditBase {
  static get meta() {
    return {
      id: 'mqr-installable',
      title: 'The app can be installed',
      failureTitle: 'The app cannot be installed',
      description: "Chromium's own installability check, as Lighthouse's installable-manifest audit ran it.",
      requiredArtifacts: ['Installability'],
    };
  }

  static audit(artifacts: { Installability: InstallabilityArtifact }) {
    const { manifestUrl, errors } = artifacts.Installability;
    return {
      score: manifestUrl && errors.length === 0 ? 1 : 0,
      explanation: errors.join('; ') || (manifestUrl ? undefined : 'No web app manifest.'),
    };
  }
}

export interface InstallabilityResult {
  installable: boolean;
  /** Chromium's installability errors (empty when installable). */
  errors: string[];
}

/** Runs Lighthouse's installability check on `url` (a page of the app). */
export async function checkInstallable(
  url: string,
  chromePath: string = CHROMIUM_PATH,
): Promise<InstallabilityResult> {
  const chrome = await launch({ chromePath, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    const config = {
      extends: 'lighthouse:default',
      artifacts: [{ id: 'Installability', gatherer: { instance: new Installability() } }],
      audits: [{ implementation: InstallableAudit }],
      categories: {
        installable: { title: 'Installable', auditRefs: [{ id: 'mqr-installable', weight: 1 }] },
      },
      settings: { onlyCategories: ['installable'] },
    };
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      config as unknown as Parameters<typeof lighthouse>[2],
    );
    if (!result) throw new Error(`Lighthouse answered nothing for ${url}.`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    const audit = lhr.audits['mqr-installable'];
    if (!audit) throw new Error('Lighthouse ran no installability audit.');
    const installable = audit.score === 1;
    return { installable, errors: installable ? [] : (audit.explanation ?? '').split('; ') };
  } finally {
    chrome.kill();
  }
}
