import { getReportChallenge } from '../api/reports.ts';

/** Workers solving one challenge side by side: a phone's cores share the counters (ADR 130). */
const MAX_WORKERS = 4;

/**
 * The altcha payload for this asset's next report or "me too" (ADR 130): the server's challenge,
 * solved in web workers, the first answer taken. Lazily loaded with the form, so the page's own
 * script stays without it.
 */
export async function solveReportChallenge(organizationId: string, slug: string): Promise<string> {
  const challenge = await getReportChallenge(organizationId, slug);
  const count = Math.max(1, Math.min(MAX_WORKERS, (navigator.hardwareConcurrency || 2) - 1));
  const workers = Array.from(
    { length: count },
    () => new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' }),
  );
  try {
    return await new Promise<string>((resolve, reject) => {
      let failed = 0;
      const fail = (error: Error) => {
        failed += 1;
        if (failed === workers.length) reject(error);
      };
      workers.forEach((worker, index) => {
        worker.onmessage = (event: MessageEvent<{ payload?: string; error?: string }>) => {
          if (event.data.payload) resolve(event.data.payload);
          else fail(new Error(event.data.error ?? 'The challenge was not solved.'));
        };
        worker.onerror = () => fail(new Error('The challenge solver failed.'));
        worker.postMessage({ challenge, start: index, step: workers.length });
      });
    });
  } finally {
    for (const worker of workers) worker.terminate();
  }
}
