/**
 * What other modules tell users through the notifications (modules/notifications implements it): a failed queued
 * post, a post the sweeper settled, a failed reversal, reconciliation differences. Kept here, in lib, so the
 * posting, reversal and reconciliation modules depend on the idea and not on the notifications module.
 */
export type NoticeType =
  'posting_failed' | 'posting_settled' | 'reversal_failed' | 'reconciliation_differences';

export type Notice = {
  type: NoticeType;
  /** One line: "TRP-2026-003976 (VAS transaction) could not be posted". */
  title: string;
  body: string;
  /** Where the bell's item leads: an SPA path such as `/postings?posting=12`. */
  link?: string;
  /** The same key never notifies the same user twice (a retried job, a repeated sweep). */
  dedupeKey?: string;
};

export type Notifier = {
  toUsers(userIds: number[], notice: Notice): Promise<void>;
  /** Every active user whose role holds this permission. */
  toPermission(permission: string, notice: Notice): Promise<void>;
};

/** A notifier that tells no one: the default where none is wired (unit tests, the CLI's one-off commands). */
export const silentNotifier: Notifier = {
  toUsers: async () => undefined,
  toPermission: async () => undefined,
};
