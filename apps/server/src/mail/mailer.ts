import nodemailer from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { mailQueue, outbox } from '../db/schema.js';
import { createSecretBox } from '../lib/secret-box.js';

export type Mail = { to: string; subject: string; text: string };

/** Hands a "deliver mail #id" job to the queue, in the transaction that stored the mail (jobs/mail.job.ts). */
export type DeliverySender = (mailId: number, tx: Db) => Promise<void>;

/**
 * Mail leaves the request path: `enqueue` stores the mail (its body sealed under APP_KEY: it may hold a
 * password link) and queues a job in the same transaction; the job calls `deliver`, which sends through SMTP
 * when SMTP_URL is set, or prints the mail to the log (keeping it in the outbox) so a developer can follow
 * it. A failed send throws, so the queue retries with backoff; the stored mail is deleted only once it left,
 * so a slow or failing SMTP server costs a request nothing and loses no mail.
 *
 * Without a queue (tests, tools) the delivery runs in the background of this process instead.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
  appKey: string | undefined;
  sendDelivery?: DeliverySender | undefined;
}) {
  const { db, log } = options;
  // Bounded timeouts: a hung SMTP server fails the attempt (and the job retries) well before the job expires.
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl, {
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      })
    : undefined;
  const box = createSecretBox(options.appKey, 'mail_queue.body_sealed');
  /** Work still running in this process (enqueues, and deliveries without a queue): closing waits for it. */
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>, what: string, to: string) => {
    const running: Promise<void> = work
      .catch((error: unknown) => log.error({ err: error, to }, what))
      .finally(() => pending.delete(running));
    pending.add(running);
  };

  const mailer = {
    /** Stores the mail and queues its delivery; resolves once both are committed. */
    async enqueue(mail: Mail): Promise<number> {
      const id = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [row] = await tx
          .insert(mailQueue)
          .values({ recipient: mail.to, subject: mail.subject, bodySealed: box.seal(mail.text) })
          .returning({ id: mailQueue.id });
        if (options.sendDelivery) await options.sendDelivery(row!.id, tx);
        return row!.id;
      });
      if (!options.sendDelivery)
        track(mailer.deliver(id), 'Sending mail failed; it stays in mail_queue', mail.to);
      return id;
    },

    /** Runs `work` in the background of this process (logged if it fails); `idle` and `close` wait for it. */
    inBackground(work: () => Promise<void>, what: string): void {
      track(Promise.resolve().then(work), what, '');
    },

    /**
     * Sends stored mail #id (the mail job). Throws when it could not be sent, leaving it stored for the
     * next try; a mail already sent (deleted) is not sent again.
     */
    async deliver(id: number): Promise<void> {
      const [row] = await db.select().from(mailQueue).where(eq(mailQueue.id, id)).limit(1);
      if (!row) return;
      const mail = { to: row.recipient, subject: row.subject, text: box.open(row.bodySealed) };
      if (!transport) {
        log.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `Mail (not sent: SMTP_URL is not set)\n${mail.text}`,
        );
      } else {
        try {
          await transport.sendMail({
            from: options.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
          });
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          await db.transaction(async (tx) => {
            await tx
              .insert(outbox)
              .values({ recipient: mail.to, subject: mail.subject, transport: 'smtp', error: reason });
            await tx
              .update(mailQueue)
              .set({ attempts: sql`${mailQueue.attempts} + 1`, lastError: reason })
              .where(eq(mailQueue.id, id));
          });
          throw error;
        }
      }
      // The outbox records that it left; the link itself is kept only in log mode (there is no other copy).
      await db.transaction(async (tx) => {
        await tx.insert(outbox).values({
          recipient: mail.to,
          subject: mail.subject,
          body: transport ? null : mail.text,
          transport: transport ? 'smtp' : 'log',
        });
        await tx.delete(mailQueue).where(eq(mailQueue.id, id));
      });
    },

    /** Resolves once the work this process started so far has finished (or failed). */
    async idle(): Promise<void> {
      while (pending.size) await Promise.all(pending);
    },

    /** Waits for that work, then closes the SMTP connection. */
    async close(): Promise<void> {
      await mailer.idle();
      transport?.close();
    },
  };
  return mailer;
}

export type Mailer = ReturnType<typeof createMailer>;
