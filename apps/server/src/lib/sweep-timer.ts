/**
 * The timer of a sweeper (the posting and the reversal sweepers): `start(intervalMs)` runs `tick` every
 * `intervalMs`, by default half the stale age `staleMs` between 1 s and 15 s (so a row is settled well within a
 * minute of its lease expiring); a tick while a pass runs (`busy`) is skipped. `start` answers a stop function,
 * which clears the timer and waits for `settle` (the passes under way).
 */
export function sweepTimer(sweeper: {
  staleMs: number;
  busy: () => boolean;
  tick: () => void;
  settle: () => Promise<void>;
}) {
  return (intervalMs = Math.max(1_000, Math.min(15_000, Math.floor(sweeper.staleMs / 2)))) => {
    const timer = setInterval(() => {
      if (sweeper.busy()) return;
      sweeper.tick();
    }, intervalMs);
    timer.unref();
    return async (): Promise<void> => {
      clearInterval(timer);
      await sweeper.settle();
    };
  };
}
