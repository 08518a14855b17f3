import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A message the receiver took: its verified body and webhook-id. */
export interface ReceivedWebhook {
  id: string;
  type: string;
  data: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

export interface TestWebhookReceiver {
  /** http://127.0.0.1:{port}/hooks */
  url: string;
  /** The endpoint's secret: requests are verified with it (set once the endpoint is created). */
  secret: string | undefined;
  /** Verified messages, one per webhook-id, in arrival order. */
  received: ReceivedWebhook[];
  /** Requests that arrived, verified or not (retries and redeliveries included). */
  requests: number;
  /** The webhook-id of every verified request, repeats included. */
  verifiedIds: string[];
  /** Requests whose signature did not verify (answered 401). */
  rejected: number;
  /** The statuses to answer the next requests with, one each, before answering 204. */
  failNext: number[];
  /** While true, requests are taken and never answered: an endpoint that does not respond. */
  silent: boolean;
  /** Requests left unanswered (`silent`) whose sender has not given up yet. */
  open: number;
  /** Resolves once `count` messages were received (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  /**
   * Goes down as a server shut down cleanly: takes no new connection, answers the requests under way
   * (their senders count them delivered), then closes. `close` cuts them off instead.
   */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export interface WebhookReceiverOptions {
  /** A port to listen on (a receiver started again on the port of one that stopped); any free one by default. */
  port?: number;
}

/**
 * A real webhook receiver on 127.0.0.1: verifies each request's Standard Webhooks signature with the
 * `standardwebhooks` package (as a customer would), and counts each webhook-id once.
 */
export async function startWebhookReceiver(
  options: WebhookReceiverOptions = {},
): Promise<TestWebhookReceiver> {
  const seen = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.requests++;
      if (receiver.silent) {
        receiver.open++;
        response.once('close', () => receiver.open--);
        return;
      }
      const status = receiver.failNext.shift();
      if (status !== undefined) {
        response.writeHead(status).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      let message: { type: string; data: Record<string, unknown> };
      try {
        message = new Webhook(receiver.secret ?? '').verify(
          body,
          request.headers as Record<string, string>,
        ) as {
          type: string;
          data: Record<string, unknown>;
        };
      } catch {
        receiver.rejected++;
        response.writeHead(401).end();
        return;
      }
      const id = String(request.headers['webhook-id']);
      receiver.verifiedIds.push(id);
      if (!seen.has(id)) {
        seen.add(id);
        receiver.received.push({ id, type: message.type, data: message.data, headers: request.headers });
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: TestWebhookReceiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    secret: undefined,
    received: [],
    requests: 0,
    verifiedIds: [],
    rejected: 0,
    failNext: [],
    silent: false,
    open: 0,
    async waitFor(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > until) {
          throw new Error(`expected ${count} webhooks, received ${receiver.received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return receiver.received;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}
