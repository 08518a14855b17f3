import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the test mail server accepted: whom the envelope named, and the message parsed. */
export interface ReceivedMail {
  to: string[];
  mail: ParsedMail;
}

export interface TestSmtp {
  port: number;
  /** The app's SMTP_URL for it. */
  url: string;
  received: ReceivedMail[];
  /** The plain text of the messages received by this address. */
  textsTo(address: string): string[];
  /** Waits until `count` messages have arrived (throws after `timeoutMs`, 15 s by default). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** A port to listen on (a server started again on the port of one that stopped); any free one by default. */
  port?: number;
  /** Recipients it refuses for good (550), as a mail server refuses an unknown mailbox. */
  refuse?: (address: string) => boolean;
}

/**
 * Test helpers shared by the server's tests and the e2e specs. A real SMTP server inside the test (smtp-server), on 127.0.0.1: it accepts anyone without sign-in or
 * TLS, parses each message with mailparser and keeps it.
 */
export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    // A client's pooled connection left open does not hold the test's end for long.
    closeTimeout: 200,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const refusal = Object.assign(new Error('No such mailbox here'), { responseCode: 550 });
        callback(refusal);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    textsTo: (address) =>
      received.filter((message) => message.to.includes(address)).map((message) => message.mail.text ?? ''),
    waitFor: async (count, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`The test mail server received ${received.length} of ${count} messages.`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (a mail server that is down): taken from a server started and stopped. */
export async function freePort(): Promise<number> {
  const smtp = await startTestSmtp();
  await smtp.close();
  return smtp.port;
}
