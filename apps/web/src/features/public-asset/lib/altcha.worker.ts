// Solves an altcha proof-of-work challenge off the main thread (ADR 130): a cheap phone keeps
// scrolling and typing while it works. Both altcha protocols: version 2 (`{ parameters, signature }`)
// and version 1 (`{ algorithm, challenge, salt, maxnumber, signature }`), whichever the server sends.
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/web/sha';
import { solveChallenge as solveV1 } from 'altcha-lib/v1';

type TChallengeV1 = {
  algorithm: string;
  challenge: string;
  salt: string;
  maxnumber?: number;
  signature: string;
};

async function solve(challenge: unknown): Promise<string> {
  if (challenge && typeof challenge === 'object' && 'parameters' in challenge) {
    const v2 = challenge as Challenge;
    const deriveKey = v2.parameters.algorithm.startsWith('PBKDF2/') ? pbkdf2 : sha;
    const solution = await solveChallenge({ challenge: v2, deriveKey });
    if (!solution) throw new Error('The challenge was not solved in time.');
    return btoa(
      JSON.stringify({ challenge: { parameters: v2.parameters, signature: v2.signature }, solution }),
    );
  }
  const v1 = challenge as TChallengeV1;
  const solution = await solveV1(v1.challenge, v1.salt, v1.algorithm, v1.maxnumber).promise;
  if (!solution) throw new Error('The challenge was not solved.');
  return btoa(
    JSON.stringify({
      algorithm: v1.algorithm,
      challenge: v1.challenge,
      number: solution.number,
      salt: v1.salt,
      signature: v1.signature,
      took: solution.took,
    }),
  );
}

self.onmessage = (event: MessageEvent<unknown>) => {
  solve(event.data).then(
    (payload) => self.postMessage({ payload }),
    (error: unknown) => self.postMessage({ error: String(error) }),
  );
};
