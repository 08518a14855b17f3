import { startTestSmtp, type TestSmtp } from '@mqr/smtp-testing';
import { E2E_SECOND_PORT } from './environment.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/** The sender the servers with a mail server use. */
export const E2E_SMTP_FROM = 'reminders@e2e.example.com';

/** A server of the spec's own that sends its mail to a real SMTP server in the test (ADR 119). */
export interface ServerWithMail {
  server: ServerProcess;
  smtp: TestSmtp;
  /** Stops the server, then the mail server. */
  stop(): Promise<void>;
}

/**
 * A test mail server (@mqr/smtp-testing) and a second server (E2E_SECOND_PORT, an empty database of
 * its own) whose SMTP_URL is that mail server: the shared server has none (reminders.spec.ts), so a
 * spec that reads the emails starts this one. `env` adds to the server's environment.
 */
export async function startServerWithMail(env: Record<string, string> = {}): Promise<ServerWithMail> {
  const smtp = await startTestSmtp();
  let server: ServerProcess;
  try {
    server = await startServerProcess(E2E_SECOND_PORT, {
      SMTP_URL: smtp.url,
      SMTP_FROM: E2E_SMTP_FROM,
      ...env,
    });
  } catch (error) {
    await smtp.close();
    throw error;
  }
  return {
    server,
    smtp,
    stop: async () => {
      await server.stop();
      await smtp.close();
    },
  };
}
