// Solves a share of an altcha proof-of-work challenge (altcha-lib v2, the server's GET
// .../report-challenge) off the main thread (ADR 130): a cheap phone keeps scrolling and typing while
// its cores work. The payload is the widget's: base64 JSON of the challenge and its solution.
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/web/sha';

/** One share of the work: counters start, start + step, start + 2 × step, … (one worker per core). */
type TWork = { challenge: Challenge; start: number; step: number };

async function solve({ challenge, start, step }: TWork): Promise<string> {
  const deriveKey = challenge.parameters.algorithm.startsWith('PBKDF2/') ? pbkdf2 : sha;
  const solution = await solveChallenge({ challenge, deriveKey, counterStart: start, counterStep: step });
  if (!solution) throw new Error('The challenge was not solved in time.');
  const { parameters, signature } = challenge;
  return btoa(JSON.stringify({ challenge: { parameters, signature }, solution }));
}

self.onmessage = (event: MessageEvent<TWork>) => {
  solve(event.data).then(
    (payload) => self.postMessage({ payload }),
    (error: unknown) => self.postMessage({ error: String(error) }),
  );
};
