// The location move row (ADR 122): a building of the big tenant's first site moved to another site and
// back through the API, again and again for the row's length, while the asset list is loaded, beside
// the same list's p95 at rest.
import { type LoadOptions, type LoadResult, runLoad, runLoadWhile } from './load.ts';
import type { RunningProcess } from './processes.ts';

/** A move there and one back at least, whatever the row's length. */
const MIN_MOVES = 2;

export interface MoveTiming {
  /** Each move's time, request to answer, in order (there, back, there, ...). */
  movesMs: number[];
  atRest: LoadResult;
  during: LoadResult;
}

/**
 * The asset list's p95 at rest, then the location `id` moved under `there` and back under `home`
 * for `seconds` (an even number of moves: it ends where it began) while the same list is loaded.
 */
export async function timeLocationMoves(
  server: RunningProcess,
  authorization: string,
  move: { id: string; there: string; home: string },
  assetList: Omit<LoadOptions, 'seconds'>,
  seconds: number,
): Promise<MoveTiming> {
  const atRest = await runLoad({ ...assetList, seconds });
  const movesMs: number[] = [];
  const moving = (async () => {
    const started = performance.now();
    while (
      movesMs.length < MIN_MOVES ||
      movesMs.length % 2 === 1 ||
      performance.now() - started < seconds * 1000
    ) {
      const parentId = movesMs.length % 2 === 0 ? move.there : move.home;
      const sent = performance.now();
      const response = await fetch(`${server.url}/api/admin/locations/${move.id}/move`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ parentId }),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`The location move answered ${response.status}: ${body}`);
      movesMs.push(performance.now() - sent);
    }
  })();
  const during = await runLoadWhile(assetList, moving);
  await moving;
  return { movesMs, atRest, during };
}
