import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { NOTIFICATION_MESSAGES } from '@ff/contract';
import { notificationPreferences, notifications } from '../../db/after-posting-schema.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import type { NotificationRow } from './notifications.repository.js';

/** A user gets at most one digest in this long. */
export const DIGEST_INTERVAL_MS = 60 * 60_000;
/** How often this process looks for digests due (each user still gets at most one an hour). */
export const DIGEST_CHECK_MS = 5 * 60_000;

type Recipient = { userId: number; email: string; name: string; lastDigestAt: Date | null };

/** The digest's text: each notification's title, body and link (the app's address + its SPA path). */
export function digestText(name: string, items: NotificationRow[], appUrl: string): string {
  const base = appUrl.replace(/\/+$/, '');
  const lines = items.flatMap((item) => [
    `- ${item.title}`,
    `  ${item.body}`,
    ...(item.link ? [`  ${base}${item.link}`] : []),
    '',
  ]);
  return [
    `Hello ${name},`,
    '',
    `You have ${items.length} new notification${items.length === 1 ? '' : 's'} in Freight Finance:`,
    '',
    ...lines,
    `You get this digest at most once an hour because you asked for it under My Account (${base}/account).`,
  ].join('\n');
}

/**
 * The hourly e-mail digest: each active user who opted in, whose last digest is an hour old or more, and who has
 * unread notifications not mailed yet, gets one mail listing them; they are then marked mailed. The hour is
 * claimed first with one conditional UPDATE, so two processes running the digest at once send one mail.
 */
export function createNotificationDigest(deps: { db: Db; mailer: Mailer; appUrl: string }) {
  const { db } = deps;
  const due = (now: Date) =>
    or(
      isNull(notificationPreferences.lastDigestAt),
      lte(notificationPreferences.lastDigestAt, new Date(now.getTime() - DIGEST_INTERVAL_MS)),
    );

  async function recipients(now: Date): Promise<Recipient[]> {
    return db
      .select({
        userId: users.id,
        email: users.email,
        name: users.name,
        lastDigestAt: notificationPreferences.lastDigestAt,
      })
      .from(notificationPreferences)
      .innerJoin(users, eq(users.id, notificationPreferences.userId))
      .where(
        and(
          eq(notificationPreferences.emailDigest, true),
          eq(users.isActive, true),
          due(now),
          sql`EXISTS (SELECT 1 FROM ${notifications} WHERE ${notifications.userId} = ${users.id}
                 AND ${notifications.readAt} IS NULL AND ${notifications.mailedAt} IS NULL)`,
        ),
      );
  }

  /** Takes this hour's digest of the user; false when another process took it, or it is not due. */
  async function claim(userId: number, now: Date): Promise<boolean> {
    const taken = await db
      .update(notificationPreferences)
      .set({ lastDigestAt: now })
      .where(
        and(
          eq(notificationPreferences.userId, userId),
          eq(notificationPreferences.emailDigest, true),
          due(now),
        ),
      )
      .returning({ userId: notificationPreferences.userId });
    return taken.length > 0;
  }

  const release = (recipient: Recipient) =>
    db
      .update(notificationPreferences)
      .set({ lastDigestAt: recipient.lastDigestAt })
      .where(eq(notificationPreferences.userId, recipient.userId));

  async function sendTo(recipient: Recipient, now: Date): Promise<boolean> {
    if (!(await claim(recipient.userId, now))) return false;
    let enqueued = false;
    try {
      const items = await db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, recipient.userId),
            isNull(notifications.readAt),
            isNull(notifications.mailedAt),
          ),
        )
        .orderBy(asc(notifications.id));
      if (!items.length) {
        await release(recipient);
        return false;
      }
      await deps.mailer.enqueue({
        to: recipient.email,
        subject: NOTIFICATION_MESSAGES.digestSubject(items.length),
        text: digestText(recipient.name, items, deps.appUrl),
      });
      enqueued = true;
      await db
        .update(notifications)
        .set({ mailedAt: now })
        .where(
          inArray(
            notifications.id,
            items.map((i) => i.id),
          ),
        );
      return true;
    } catch (error) {
      // Not stored for sending: the hour is given back, so the next run tries again (once stored, it is kept).
      if (!enqueued) await release(recipient).catch(() => undefined);
      throw error;
    }
  }

  return {
    /** Sends every digest due at `now`; answers how many were sent. */
    async sendDue(now: Date = new Date()): Promise<number> {
      let sent = 0;
      for (const recipient of await recipients(now)) if (await sendTo(recipient, now)) sent += 1;
      return sent;
    },
  };
}

export type NotificationDigest = ReturnType<typeof createNotificationDigest>;
