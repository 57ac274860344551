import type { Server } from 'node:http';

/**
 * What stops a process: SIGTERM (systemd, `docker stop`, `kill`, npm passing one on), SIGINT (Ctrl+C) and
 * SIGHUP (its terminal closed). Without a handler Node dies of them at once, with requests half answered.
 */
export const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * How long a stop may take before the process exits anyway: container runtimes and systemd wait 10 s by
 * default before SIGKILL, and a process that exits on its own still closes its database cleanly. Work cut off
 * by the deadline is what a crash leaves, and is settled as after one (the sweepers, the queue's retries).
 */
export const STOP_DEADLINE_MS = 9_000;

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/**
 * On the first stop signal runs `stop` and exits 0 (1 if it fails), or exits 1 at `deadlineMs` if it has
 * not finished by then; later signals are logged and otherwise ignored, so a repeated SIGTERM or a Ctrl+C
 * that reaches both `npm start` and the server does not cut the stop short.
 */
export function stopOnSignals(
  log: Log,
  stop: (signal: NodeJS.Signals) => Promise<void>,
  deadlineMs = STOP_DEADLINE_MS,
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'Already stopping');
      return;
    }
    stopping = true;
    const deadline = setTimeout(() => {
      log.error({ signal, deadlineMs }, 'Not stopped within the deadline: exiting anyway');
      process.exit(1);
    }, deadlineMs);
    deadline.unref();
    stop(signal).then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'Stopping failed');
        process.exit(1);
      },
    );
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
}

/**
 * While the HTTP server closes: a connection whose request was in flight stays open after its answer (HTTP
 * keep-alive, 72 s in Fastify) and holds `close()` up that long, so idle connections are closed as soon as
 * they go idle. Answers a function that stops doing so.
 */
export function closeConnectionsAsTheyIdle(server: Server, everyMs = 100): () => void {
  const timer = setInterval(() => server.closeIdleConnections(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
