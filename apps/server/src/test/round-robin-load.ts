/** One request of the load, as the workers send it. */
export interface LoadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** One try of a request at one instance: its id (X-Request-Id), when, and how it ended. */
export interface LoadAttempt {
  id: string;
  /** The index of the instance it was sent to. */
  target: number;
  sentAt: number;
  doneAt: number;
  status?: number;
  /** The network error (no answer at all): the connection refused, reset or closed. */
  error?: string;
}

/** A request and its tries; the last one is its outcome. */
export interface LoadResult {
  request: LoadRequest;
  attempts: LoadAttempt[];
}

export interface RoundRobinLoad {
  /** Lets the requests under way finish, then answers every request sent. */
  stop(): Promise<LoadResult[]>;
}

/** Tries of a request that gets no answer at all before the load gives up on it. */
const MAX_TRIES = 8;

function networkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? String(error);
}

/**
 * What a load balancer in front of the instances does, in the test: `workers` loops sending
 * `next(n)` to the instances in turn (keep-alive connections, as fetch keeps them). A request that
 * gets no answer at all (refused, or its connection closed) is sent to the next instance, as a
 * balancer retries a failed connection; an answer, whatever its status, is final. Every try carries
 * an X-Request-Id of its own, so the test can look for it in the instances' logs.
 */
export function startRoundRobinLoad(options: {
  urls: () => string[];
  workers: number;
  next: (n: number) => LoadRequest;
  prefix?: string;
}): RoundRobinLoad {
  const results: LoadResult[] = [];
  let stopped = false;
  let sent = 0;

  async function send(request: LoadRequest, n: number): Promise<LoadResult> {
    const result: LoadResult = { request, attempts: [] };
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const urls = options.urls();
      const target = (n + attempt) % urls.length;
      const id = `${options.prefix ?? 'load'}-${n}-${attempt}`;
      const sentAt = Date.now();
      try {
        const response = await fetch(new URL(request.path, urls[target]), {
          method: request.method,
          headers: {
            ...request.headers,
            'x-request-id': id,
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        });
        await response.arrayBuffer();
        result.attempts.push({ id, target, sentAt, doneAt: Date.now(), status: response.status });
        return result;
      } catch (error) {
        result.attempts.push({ id, target, sentAt, doneAt: Date.now(), error: networkError(error) });
        // Every instance refused in turn: wait a little before the next round.
        if ((attempt + 1) % urls.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return result;
  }

  const loops = Array.from({ length: options.workers }, async () => {
    while (!stopped) {
      const n = sent++;
      results.push(await send(options.next(n), n));
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      return results;
    },
  };
}
