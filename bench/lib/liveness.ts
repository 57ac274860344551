import { log as printLine, sleep } from './common.js';

/** One liveness poll: when it was sent (performance.now()) and how long its answer took, in ms. */
export type Poll = { at: number; ms: number };

/** A poll is sent 10 ms after the previous answer (saved with bench:import's settings). */
export const POLL_EVERY_MS = 10;

/**
 * Polls `<url>/health/live` until `stop()`, which answers every poll (a failed poll counts as its time to fail
 * and is logged): bench:import and bench:scale's import figure measure the server's responsiveness with it.
 */
export function pollLiveness(url: string, log: (line: string) => void = printLine) {
  const polls: Poll[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const at = performance.now();
      try {
        const response = await fetch(`${url}/health/live`);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
      } catch (error) {
        log(`liveness poll failed: ${(error as Error).message}`);
      }
      polls.push({ at, ms: performance.now() - at });
      await sleep(POLL_EVERY_MS);
    }
  })();
  return {
    async stop(): Promise<Poll[]> {
      stopped = true;
      await done;
      return polls;
    },
  };
}
