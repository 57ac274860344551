/**
 * One run of `work` at a time, however many ask: a call while a run is under way answers that run's promise;
 * once it settles the next call starts another. `forget` lets the next call start afresh without waiting for
 * the run under way (whose result the caller's own bookkeeping then ignores).
 */
export function singleFlight<T>(work: () => Promise<T>) {
  let running: Promise<T> | null = null;
  return {
    run(): Promise<T> {
      if (running) return running;
      const current = work();
      running = current;
      const clear = () => {
        if (running === current) running = null;
      };
      current.then(clear, clear);
      return current;
    },
    forget(): void {
      running = null;
    },
  };
}
