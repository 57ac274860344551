import { afterAll, beforeAll } from 'vitest';
import { startRouteHarness, type RouteHarness } from './route-harness.js';
import { routeFuzzer, type RouteFuzzer } from './route-fuzzer.js';

/**
 * Tests only: what the two route-fuzzing suites share (plugins/security-fuzz*.int.test.ts, split in two so they
 * run side by side): the number of runs per property and a route harness with the administrator's fuzzer.
 * FUZZ_RUNS multiplies the number of runs; FUZZ_SEED replays one.
 */
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
export const FUZZ_RUNS = {
  body: Math.round(35 * SCALE),
  query: Math.round(12 * SCALE),
  params: Math.round(25 * SCALE),
  edgeBodies: Math.round(15 * SCALE),
  edgeQueries: Math.round(6 * SCALE),
};
export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Starts a route harness for the file (its API token named `tokenName`); answers the fuzzer once it is up. */
export function useRouteFuzzer(tokenName: string): () => RouteFuzzer {
  let harness: RouteHarness | undefined;
  let fuzzer: RouteFuzzer | undefined;
  beforeAll(async () => {
    harness = await startRouteHarness(tokenName);
    fuzzer = routeFuzzer(harness, await harness.h.signInAsAdmin());
  }, 120_000);
  afterAll(async () => {
    await harness?.h.close();
  });
  return () => fuzzer!;
}
