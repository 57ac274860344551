import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_MESSAGES, type Notification } from '@ff/contract';
import type { Db } from '../../db/client.js';
import type { AuditContext } from '../../lib/audit-context.js';
import { notFound } from '../../lib/errors.js';
import type { Notice, Notifier } from '../../lib/notices.js';
import type { AuditService } from '../audits/audit.service.js';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.js';

const toWire = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt ? row.readAt.toISOString() : null,
});

/**
 * The notifier other modules tell users through: one row per recipient. Telling is never what fails the
 * caller's work (a post, a reversal, a reconciliation run): a failed insert is logged and dropped.
 */
export function createNotifier(repository: NotificationsRepository, log: FastifyBaseLogger): Notifier {
  const guarded = async (notice: Notice, recipients: () => Promise<number[]>) => {
    try {
      await repository.insertFor(await recipients(), notice);
    } catch (err) {
      log.warn({ err, notice: { type: notice.type, title: notice.title } }, 'Could not store a notification');
    }
  };
  return {
    toUsers: (userIds, notice) => guarded(notice, async () => userIds),
    toPermission: (permission, notice) => guarded(notice, () => repository.holdersOf(permission)),
  };
}

/** A user's own notifications (the bell) and their e-mail digest preference (My Account). */
export function createNotificationsService(deps: {
  db: Db;
  repository: NotificationsRepository;
  audit: AuditService;
}) {
  const { repository } = deps;
  return {
    async list(userId: number, onlyUnread: boolean) {
      const { rows, unread } = await repository.list(userId, onlyUnread);
      return { data: rows.map(toWire), meta: { unread } };
    },
    unreadCount: async (userId: number) => ({ data: { unread: await repository.unreadCount(userId) } }),
    async markRead(userId: number, id: number): Promise<void> {
      if (!(await repository.markRead(userId, id))) throw notFound(NOTIFICATION_MESSAGES.notFound);
    },
    markAllRead: (userId: number) => repository.markAllRead(userId),
    preferences: async (userId: number) => ({ emailDigest: await repository.emailDigestOf(userId) }),
    /** Saves the choice (audited when it changes) and answers it. */
    async setPreferences(userId: number, emailDigest: boolean, context: AuditContext) {
      await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        if ((await repository.emailDigestOf(userId, tx)) === emailDigest) return;
        await repository.setEmailDigest(userId, emailDigest, tx);
        await deps.audit.record(
          context,
          `Hourly e-mail digest of notifications turned ${emailDigest ? 'on' : 'off'}`,
          tx,
        );
      });
      return { emailDigest };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
