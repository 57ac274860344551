import { and, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { NOTIFICATION_LIST_LIMIT } from '@ff/contract';
import { notificationPreferences, notifications } from '../../db/after-posting-schema.js';
import type { Db } from '../../db/client.js';
import { permissions, rolePermissions, roles, users } from '../../db/schema.js';
import type { Notice } from '../../lib/notices.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** SQL only: the notifications table (one row per recipient) and the digest preferences. */
export function createNotificationsRepository(db: Db) {
  return {
    /** Active users whose (active) role holds `permission`. */
    async holdersOf(permission: string): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: users.id })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(and(eq(permissions.name, permission), eq(users.isActive, true), eq(roles.isActive, true)));
      return rows.map((r) => r.id);
    },

    /** One row per existing user; a (user, dedupe key) pair already notified is skipped. */
    async insertFor(userIds: number[], notice: Notice): Promise<number> {
      const wanted = [...new Set(userIds)].filter((id) => Number.isInteger(id) && id > 0);
      if (!wanted.length) return 0;
      const existing = await db.select({ id: users.id }).from(users).where(inArray(users.id, wanted));
      if (!existing.length) return 0;
      const inserted = await db
        .insert(notifications)
        .values(
          existing.map(({ id }) => ({
            userId: id,
            type: notice.type,
            title: notice.title,
            body: notice.body,
            link: notice.link ?? null,
            dedupeKey: notice.dedupeKey ?? null,
          })),
        )
        .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
        .returning({ id: notifications.id });
      return inserted.length;
    },

    /**
     * The user's newest notifications (all, or only the unread ones) and how many are unread, in one statement:
     * one snapshot, so a notification written meanwhile is either in both or in neither.
     */
    async list(userId: number, onlyUnread: boolean) {
      const rows = await db
        .select({
          row: getTableColumns(notifications),
          unread: sql<number>`(SELECT count(*) FROM notifications n WHERE n.user_id = ${userId} AND n.read_at IS NULL)`,
        })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), onlyUnread ? isNull(notifications.readAt) : undefined))
        .orderBy(desc(notifications.id))
        .limit(NOTIFICATION_LIST_LIMIT);
      // No rows: the user has none (or, asking for unread ones only, none unread).
      return { rows: rows.map((r) => r.row), unread: Number(rows[0]?.unread ?? 0) };
    },

    async unreadCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return Number(row?.n ?? 0);
    },

    /** Marks one of the user's notifications read (kept as first read); false when it is not theirs. */
    async markRead(userId: number, id: number): Promise<boolean> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return Boolean(row);
    },

    async markAllRead(userId: number): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    },

    async emailDigestOf(userId: number, executor: Db = db): Promise<boolean> {
      const [row] = await executor
        .select({ on: notificationPreferences.emailDigest })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId))
        .limit(1);
      return row?.on ?? false;
    },

    async setEmailDigest(userId: number, on: boolean, executor: Db = db): Promise<void> {
      await executor
        .insert(notificationPreferences)
        .values({ userId, emailDigest: on })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: { emailDigest: on } });
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
