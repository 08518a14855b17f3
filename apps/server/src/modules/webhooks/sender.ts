import http from 'node:http';
import https from 'node:https';
import { guardedLookup, RefusedAddressError } from '#server/lib/address-guard.ts';
import { refusalMessage } from './address-refusals.ts';

/** How long one attempt may take, connection to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookMessage {
  url: string;
  /** The endpoint's `whsec_…` secret. */
  secret: string;
  messageId: string;
  body: string;
}

/** What an attempt came to: the endpoint's status, or why none came. */
export type AttemptOutcome =
  | { statusCode: number; responseTimeMs: number }
  /** responseTimeMs null: no request was made (a refused address, a turned-off endpoint). */
  | { error: string; responseTimeMs: number | null };

/**
 * One attempt (ADR 064): a POST of the body with the Standard Webhooks headers, signed now with
 * the `standardwebhooks` package. Redirects are not followed (a 3xx is a failed attempt), the answer's
 * body is not read, and unless `allowPrivate` the connection only goes to public addresses.
 */
export async function sendWebhook(
  message: WebhookMessage,
  options: {
    allowPrivate: boolean;
    now: Date;
    timeoutMs?: number;
    /** The job's attempt (its time limit, ADR 087): the request ends with it, whichever comes first. */
    signal?: AbortSignal;
  },
): Promise<AttemptOutcome> {
  // Loaded at the first delivery, not at start (ADR 068).
  const { Webhook } = await import('standardwebhooks');
  const signature = new Webhook(message.secret).sign(message.messageId, options.now, message.body);
  const url = new URL(message.url);
  const client = url.protocol === 'https:' ? https : http;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  return new Promise<AttemptOutcome>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Maintenance-QR-Webhooks/1',
          'webhook-id': message.messageId,
          'webhook-timestamp': String(Math.floor(options.now.getTime() / 1000)),
          'webhook-signature': signature,
        },
        signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        resolve({ statusCode: response.statusCode ?? 0, responseTimeMs: elapsed() });
        response.destroy();
      },
    );
    request.on('error', (error) => {
      // The job's time limit rather than the request's own (a slow address check before it).
      const limit = options.signal?.aborted && !timeout.aborted;
      resolve({
        error: limit ? 'The attempt reached its time limit.' : describeError(error, timeoutMs),
        responseTimeMs: elapsed(),
      });
    });
    request.end(message.body);
  });
}

function describeError(error: Error & { code?: string }, timeoutMs: number): string {
  if (error.name === 'AbortError' || error.name === 'TimeoutError') {
    return `No answer within ${timeoutMs / 1000} s.`;
  }
  if (error instanceof RefusedAddressError) return refusalMessage(error);
  if (error.code === 'ECONNREFUSED') return 'The connection was refused.';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'The host name could not be found.';
  return error.code ? `${error.message} (${error.code})` : error.message;
}
