import { PRODUCT_NAME } from '@mqr/contracts';
import type { Transporter } from 'nodemailer';

/** One email to send. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per message: a copy that arrived twice is one message to mail servers and clients. */
  messageId: string;
  headers?: Record<string, string>;
}

/** Sends emails; `send` resolves once the mail server has accepted the message. */
export interface Mailer {
  send(email: OutgoingEmail): Promise<{ response: string }>;
  close(): void;
}

/**
 * Whether the mail server refused this message for good (a 5xx answer to it, such as an unknown
 * recipient): sending it again would be refused again. A refused sign-in (a setting to fix on the
 * server) and every connection problem are worth another try.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const failure = error as { permanent?: boolean; code?: string } | undefined;
  return failure?.permanent === true && failure.code !== 'EAUTH';
}

/**
 * The mail server of SMTP_URL (ADR 060): one pooled connection, reused while a delivery sends its
 * messages; short connection timeouts, so a server that is down fails fast and the delivery is tried
 * again later rather than hanging.
 */
export function smtpMailer(smtpUrl: string, fromAddress: string): Mailer {
  // nodemailer loads with the first message, not with the server (idle memory, ADR 033).
  let transport: Promise<Transporter> | undefined;
  const transporter = () => {
    transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport(
        {
          url: smtpUrl,
          pool: true,
          maxConnections: 1,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 60_000,
        },
        { from: { name: PRODUCT_NAME, address: fromAddress } },
      ),
    );
    return transport;
  };
  return {
    async send(email) {
      const info = await (await transporter()).sendMail({
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: email.messageId,
        headers: email.headers ?? {},
      });
      return { response: String(info.response ?? '') };
    },
    close: () => {
      void transport?.then((opened) => opened.close());
    },
  };
}
