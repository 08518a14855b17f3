import { getReportChallenge } from '../api/reports.ts';

/**
 * The altcha payload for this asset's next report or "me too" (ADR 130): the server's challenge,
 * solved in a web worker. Lazily loaded with the form, so the page's own script stays without it.
 */
export async function solveReportChallenge(organizationId: string, slug: string): Promise<string> {
  const challenge = await getReportChallenge(organizationId, slug);
  const worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<string>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<{ payload?: string; error?: string }>) => {
        if (event.data.payload) resolve(event.data.payload);
        else reject(new Error(event.data.error ?? 'The challenge was not solved.'));
      };
      worker.onerror = () => reject(new Error('The challenge solver failed.'));
      worker.postMessage(challenge);
    });
  } finally {
    worker.terminate();
  }
}
