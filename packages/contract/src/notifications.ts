import { z } from 'zod';

/**
 * The in-app notifications (the header's bell) and the hourly e-mail digest preference (My Account), issue 11.
 * Every signed-in user reads and marks only their own.
 */
export const NOTIFICATION_TYPES = [
  'posting_failed',
  'posting_settled',
  'reversal_failed',
  'reconciliation_differences',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** How many notifications the list answers (the newest). */
export const NOTIFICATION_LIST_LIMIT = 50;

/** One notification: what happened (title, body), where to look (an SPA path), and whether it was read. */
export const notification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** An SPA path such as `/postings?kind=journalVasTransaction&status=failed`, or null. */
  link: z.string().nullable(),
  /** ISO instants. */
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

/** `GET /api/v1/notifications?unread=1`: `unread=1` lists only the unread ones. */
export const notificationListQuery = z.object({
  unread: z.enum(['0', '1']).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

/** `GET /api/v1/notifications`: the newest 50, newest first, and how many of the user's are unread in all. */
export const notificationList = z.object({
  data: z.array(notification),
  meta: z.object({ unread: z.number().int().min(0) }),
});
export type NotificationList = z.infer<typeof notificationList>;

/** `GET /api/v1/notifications/unread-count`. */
export const notificationUnreadCount = z.object({ data: z.object({ unread: z.number().int().min(0) }) });
export type NotificationUnreadCount = z.infer<typeof notificationUnreadCount>;

/** `GET`/`PUT /api/v1/account/notifications`: an hourly e-mail digest of unread notifications, or none. */
export const notificationPreferences = z.object({ emailDigest: z.boolean() });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** The user-facing strings of the bell and the My Account card (shared by the web and the tests). */
export const NOTIFICATION_MESSAGES = {
  preferencesSaved: 'Your notification settings have been saved.',
  emailDigestLabel: 'E-mail me an hourly digest of unread notifications',
  notFound: 'There is no notification of yours with this id.',
  digestSubject: (count: number) => `Freight Finance: ${count} new notification${count === 1 ? '' : 's'}`,
} as const;
