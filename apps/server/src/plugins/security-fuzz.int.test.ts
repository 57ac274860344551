import { describe, expect, it } from 'vitest';
import { FUZZ_RUNS, UNSAFE_METHODS, useRouteFuzzer } from '../test/fuzz-suite.js';
import {
  bodies,
  bodyEdges,
  numberDateSurrogateBodies,
  numberDateSurrogateEdges,
  seedQuery,
  urlWithQuery,
} from '../test/fuzz-requests.js';

/**
 * Property-based fuzzing of every route of the app's catalogue, bodies (query strings and path parameters are in
 * security-fuzz-queries.int.test.ts): random JSON, and the route's valid request with one part broken. Whatever
 * arrives, the answer is a 2xx or a 4xx (never a 5xx), a 4xx is JSON with a `message`, and a refused request
 * writes nothing: every table keeps its rows and content (see test/db-snapshot.ts), except the records a route
 * keeps of refusals on purpose (failed sign-ins, per-row posting outcomes). One property aims at what broke
 * before (issue 9): numbers, impossible dates and lone surrogates at every leaf and key of every body.
 */
const fuzzEach = useRouteFuzzer('security-fuzz');

describe('fuzzing every route of the catalogue: bodies', () => {
  it('JSON bodies: never a 5xx, a 4xx is JSON with a message, a refused request writes nothing', async () => {
    const failures = await fuzzEach()(
      (r) => UNSAFE_METHODS.has(r.method),
      FUZZ_RUNS.body,
      (_route, seed) =>
        bodies(seed.body ?? {}).map((b) => ({ url: urlWithQuery(seed.url, seedQuery(seed)), ...b })),
      (_route, seed) => bodyEdges(seed),
    );
    expect(failures).toEqual([]);
  }, 180_000);

  it('numbers, dates and lone surrogates in every body (values and keys): never a 5xx, a refused request writes nothing', async () => {
    const failures = await fuzzEach()(
      (r) => UNSAFE_METHODS.has(r.method),
      FUZZ_RUNS.edgeBodies,
      (_route, seed) => numberDateSurrogateBodies(seed),
      (_route, seed) => numberDateSurrogateEdges(seed),
    );
    expect(failures).toEqual([]);
  }, 240_000);
});
