import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetFaults, type PostingHarness } from './posting-harness.js';

/**
 * A posting suite's state (its harness `h` and what else `start` answers): started before the suite (the object
 * answered is filled in then) and closed after it; the simulator's faults and period locks are cleared after each
 * test.
 */
export function usePostingSuite<S extends { h: PostingHarness }>(start: () => Promise<S>): S {
  const state = {} as S;
  beforeAll(async () => {
    Object.assign(state, await start());
  }, 120_000);
  afterAll(async () => {
    await state.h?.close();
  });
  afterEach(async () => {
    await resetFaults(state.h.sim);
    await state.h.sim.control('/__sim/periods/unlock', {});
  });
  return state;
}
