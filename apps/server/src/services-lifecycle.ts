import type { FastifyBaseLogger } from 'fastify';

/** A task the services run every `everyMs` in the background; its failure is logged with `failure`. */
export type Task = { everyMs: number; failure: string; run: () => Promise<unknown> };

/**
 * The start and stop of the services (services.ts): `start()` sets the timers of `tasks` going (they do not
 * keep the process alive; a failure is logged) and starts each of `workers` in order, each answering how to
 * stop it; `close()` stops the timers, then the workers in the same order, then runs `closers` in order, once
 * (later calls wait for the first). Nothing starts once it is closing.
 */
export function servicesLifecycle(
  log: FastifyBaseLogger,
  parts: {
    tasks: Task[];
    workers: (() => () => unknown)[];
    closers: (() => unknown)[];
  },
) {
  const timers: NodeJS.Timeout[] = [];
  let stops: (() => unknown)[] | undefined;
  let closed: Promise<void> | undefined;
  return {
    start() {
      if (stops || closed) return;
      for (const task of parts.tasks) {
        const timer = setInterval(() => {
          task.run().catch((err: unknown) => log.warn({ err }, task.failure));
        }, task.everyMs);
        timer.unref();
        timers.push(timer);
      }
      stops = parts.workers.map((start) => start());
    },
    close(): Promise<void> {
      closed ??= (async () => {
        for (const timer of timers.splice(0)) clearInterval(timer);
        for (const stop of stops ?? []) await stop();
        for (const close of parts.closers) await close();
      })();
      return closed;
    },
  };
}
