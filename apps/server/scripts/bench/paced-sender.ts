// A steady rate of requests, sent from a process of its own (the bench's paced probes and the public
// reports of request-timing.ts): request n leaves at n / rate seconds whatever the answers before it
// (an open loop, as visitors arrive), on a kept-alive connection that is free or a new one when every
// connection is busy. autocannon's `overallRate` is not that: each of its connections sends its share
// of a second back to back as the second starts, so a probe of 100 a second is a burst that queues on
// itself (ADR 151). Reads its work as JSON on stdin and writes its result as JSON on stdout.
import { Agent, request } from 'node:http';
import hdr from 'hdr-histogram-js';

export interface PacedRequest {
  method: 'GET' | 'POST';
  /** The path on the origin, with its query. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedSending {
  /** The server's origin. */
  url: string;
  /** Requests a second. */
  rate: number;
  /** The requests, sent in this order, one each 1 / rate seconds. */
  requests: PacedRequest[];
  /** The status every answer should have (anything else counts as an error). */
  expectedStatus: number;
}

export interface PacedResult {
  /** Milliseconds from the request's sending to its answer's end. */
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  /** Connection errors and answers without the expected status. */
  errors: number;
  /** The first answers that were not expected, as "status: body" (what went wrong, when something did). */
  refusals: string[];
}

/**
 * One request on a kept-alive connection of node:http, its status and body. Not fetch: its CPU time per
 * request (about 1 ms here) would be this process's largest cost, on the cores the measured server uses.
 */
function send(agent: Agent, url: URL, { method, headers, body }: PacedRequest) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const sent = request(
      url,
      {
        method,
        agent,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Sends each request at its time and times the answers (in microseconds, shown in milliseconds). */
async function sendPaced({ url, rate, requests, expectedStatus }: PacedSending): Promise<PacedResult> {
  const histogram = hdr.build({ bitBucketSize: 64, autoResize: true, useWebAssembly: false });
  let errors = 0;
  const refusals: string[] = [];
  const refuse = (reason: string) => {
    errors++;
    if (refusals.length < 3) refusals.push(reason);
  };
  const agent = new Agent({ keepAlive: true });
  const started = performance.now();
  const answered: Promise<void>[] = [];
  for (const [n, paced] of requests.entries()) {
    const wait = started + (n * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const at = performance.now();
    answered.push(
      send(agent, new URL(`${url}${paced.path}`), paced).then(
        ({ status, text }) => {
          histogram.recordValue(Math.max(1, Math.round((performance.now() - at) * 1000)));
          if (status !== expectedStatus) refuse(`${status}: ${text.slice(0, 200)}`);
        },
        (error: Error) => refuse(error.message),
      ),
    );
  }
  await Promise.all(answered);
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  const percentile = (p: number) => histogram.getValueAtPercentile(p) / 1000;
  const result = {
    p50: percentile(50),
    p95: percentile(95),
    p99: percentile(99),
    requestsPerSecond: requests.length / seconds,
    errors,
    refusals,
  };
  histogram.destroy();
  return result;
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const result = await sendPaced(JSON.parse(Buffer.concat(chunks).toString('utf8')) as PacedSending);
process.stdout.write(JSON.stringify(result));
