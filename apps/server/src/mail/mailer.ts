import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema.js';

export type Mail = { to: string; subject: string; text: string };

/**
 * Sends through SMTP when SMTP_URL is set; otherwise prints the mail (with its link) to the log so a
 * developer can follow it, and keeps it in the outbox table. Either way the outbox records that it left.
 */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; db: Db; log: FastifyBaseLogger }) {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  /** Mails still being sent in the background: closing waits for them, so none is lost on shutdown. */
  const pending = new Set<Promise<void>>();

  return {
    async send(mail: Mail): Promise<void> {
      if (!transport) {
        options.log.info({ mail: { to: mail.to, subject: mail.subject } }, `Mail (not sent: SMTP_URL is not set)\n${mail.text}`);
        await options.db.insert(outbox).values({ recipient: mail.to, subject: mail.subject, body: mail.text, transport: 'log' });
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
        await options.db.insert(outbox).values({ recipient: mail.to, subject: mail.subject, transport: 'smtp' });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await options.db
          .insert(outbox)
          .values({ recipient: mail.to, subject: mail.subject, transport: 'smtp', error: reason });
        throw error;
      }
    },

    /** Fire-and-forget for request paths whose answer must not depend on the mail (no account enumeration). */
    sendInBackground(mail: Mail): void {
      const sending = this.send(mail)
        .catch((error: unknown) => options.log.error({ err: error, to: mail.to }, 'Sending mail failed'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },

    /** Resolves once every mail handed to sendInBackground so far has been sent (or has failed). */
    async idle(): Promise<void> {
      while (pending.size) await Promise.all(pending);
    },

    /** Waits for the mails still being sent, then closes the SMTP connection. */
    async close(): Promise<void> {
      await this.idle();
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
