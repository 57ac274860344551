import type { FastifyInstance } from 'fastify';
import type { AfterPostingDeps } from '../../after-posting-deps.js';
import type { Notifier } from '../../lib/notices.js';
import { createNotificationDigest, DIGEST_CHECK_MS } from './notification-digest.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { registerNotificationsRoutes } from './notifications.routes.js';
import { createNotificationsService, createNotifier } from './notifications.service.js';

/**
 * In-app notifications: the notifier every module after "Post to SAP" tells users through, the bell's routes,
 * the digest preference (My Account) and the hourly e-mail digest. Built first (wire-after-posting.ts), so it
 * takes no notifier of its own.
 */
export function createNotificationsModule(deps: Omit<AfterPostingDeps, 'notifier'> & { notifier?: unknown }) {
  const log = deps.log.child({ component: 'notifications' });
  const repository = createNotificationsRepository(deps.db);
  const notifier: Notifier = createNotifier(repository, log);
  const digest = createNotificationDigest({
    db: deps.db,
    mailer: deps.mailer,
    appUrl: deps.env.APP_URL ?? `http://localhost:${deps.env.PORT}`,
  });
  return {
    notifier,
    service: createNotificationsService({ db: deps.db, repository, audit: deps.audit }),
    /** Sends the digests due at `now` (each opted-in user at most once an hour); answers how many went out. */
    sendDigestsNow: (now?: Date) => digest.sendDue(now),
    /**
     * Looks for digests due every few minutes in the background of this process (not keeping it alive);
     * answers the function that stops it. Several processes may run it: each digest is claimed once.
     */
    startDigest(): () => void {
      const timer = setInterval(() => {
        digest
          .sendDue()
          .catch((err: unknown) => log.warn({ err }, 'Sending the notification digests failed'));
      }, DIGEST_CHECK_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type NotificationsModule = ReturnType<typeof createNotificationsModule>;

export function registerNotificationRoutes(app: FastifyInstance, module: NotificationsModule) {
  registerNotificationsRoutes(app, module.service);
}
