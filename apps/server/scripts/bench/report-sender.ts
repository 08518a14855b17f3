// The public reports of the requests' row (request-timing.ts), sent from a process of their own so that
// the public page's load beside them (autocannon, in the bench's process) and the reports do not share
// one event loop: each would otherwise slow the other's timings. Reads its work as JSON on stdin and
// writes its result as JSON on stdout.
import { Agent, request } from 'node:http';
import hdr from 'hdr-histogram-js';

export interface ReportSending {
  /** The server's origin. */
  url: string;
  /** Asset pages (/public/orgs/…/assets/slug) the reports rotate over. */
  paths: string[];
  /** Solved challenges, one per report. */
  payloads: string[];
  /** Reports a second (an open loop: a slow answer does not slow the rate). */
  rate: number;
}

export interface ReportsSent {
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  errors: number;
  /** The first answers that were not 201, as "status: body" (what went wrong, when something did). */
  refusals: string[];
}

/** A report's multipart body, as the public form posts it (no photo). */
function reportBody(altcha: string, n: number): { body: string; contentType: string } {
  const boundary = `----bench${n}`;
  const fields = {
    description: `Report ${n}: the light above the door flickers`,
    urgency: n % 10 === 0 ? 'stopped' : 'works_badly',
    website: '',
    altcha,
  };
  const body = `${Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('')}--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * One POST on a kept-alive connection of node:http, its status and body. Not fetch: its CPU time per
 * request (about 1 ms here) is the sender's largest cost, and the sender shares the machine's cores
 * with the server it measures.
 */
function post(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
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

/** Sends each payload at its time, each from its own address (X-Forwarded-For), and times the answers. */
async function send({ url, paths, payloads, rate }: ReportSending): Promise<ReportsSent> {
  const histogram = hdr.build({ bitBucketSize: 64, autoResize: true, useWebAssembly: false });
  let errors = 0;
  const refusals: string[] = [];
  const started = performance.now();
  const sent: Promise<void>[] = [];
  const agent = new Agent({ keepAlive: true });
  for (const [n, altcha] of payloads.entries()) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const { body, contentType } = reportBody(altcha, n);
    const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const at = performance.now();
    sent.push(
      post(
        agent,
        new URL(`${url}${paths[n % paths.length]}/reports`),
        { 'content-type': contentType, 'x-forwarded-for': address },
        body,
      ).then(
        ({ status, text }) => {
          histogram.recordValue(Math.max(1, Math.round(performance.now() - at)));
          if (status !== 201) {
            errors++;
            if (refusals.length < 3) refusals.push(`${status}: ${text.slice(0, 200)}`);
          }
        },
        (error: Error) => {
          errors++;
          if (refusals.length < 3) refusals.push(error.message);
        },
      ),
    );
  }
  await Promise.all(sent);
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  const result = {
    p50: histogram.getValueAtPercentile(50),
    p95: histogram.getValueAtPercentile(95),
    p99: histogram.getValueAtPercentile(99),
    requestsPerSecond: payloads.length / seconds,
    errors,
    refusals,
  };
  histogram.destroy();
  return result;
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const result = await send(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReportSending);
process.stdout.write(JSON.stringify(result));
