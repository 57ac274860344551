import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRouteHarness, type RouteHarness } from '../test/route-harness.js';
import { routeFuzzer, type RouteFuzzer } from '../test/route-fuzzer.js';
import { PARAM_EDGES, QUERY_EDGES, segment } from '../test/fuzz-values.js';
import {
  bodies,
  bodyEdges,
  numberDateSurrogateBodies,
  numberDateSurrogateEdges,
  numberDateSurrogateQueries,
  queries,
  seedQuery,
  urlWithQuery,
  type Attempt,
} from '../test/fuzz-requests.js';
import type { ValidRequest } from '../test/route-cases.js';
import type { RouteCatalogueEntry } from './access.js';

/**
 * Property-based fuzzing of every route of the app's catalogue: JSON bodies (random JSON, and the route's
 * valid request with one part broken), query strings and path parameters. Whatever arrives, the answer is a
 * 2xx or a 4xx (never a 5xx), a 4xx is JSON with a `message`, and a refused request writes nothing: every
 * table keeps its rows and content (see test/db-snapshot.ts), except the records a route keeps of refusals
 * on purpose (failed sign-ins, per-row posting outcomes). Two properties aim at what broke before (issue 9):
 * numbers, impossible dates and lone surrogates at every leaf and key of every body and in every query string.
 * FUZZ_RUNS multiplies the number of runs; FUZZ_SEED replays one.
 */
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const RUNS = {
  body: Math.round(35 * SCALE),
  query: Math.round(12 * SCALE),
  params: Math.round(25 * SCALE),
  edgeBodies: Math.round(15 * SCALE),
  edgeQueries: Math.round(6 * SCALE),
};
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let harness: RouteHarness;
let fuzzEach: RouteFuzzer;
beforeAll(async () => {
  harness = await startRouteHarness('security-fuzz');
  fuzzEach = routeFuzzer(harness, await harness.h.signInAsAdmin());
}, 120_000);
afterAll(async () => {
  await harness?.h.close();
});

describe('fuzzing every route of the catalogue', () => {
  it('JSON bodies: never a 5xx, a 4xx is JSON with a message, a refused request writes nothing', async () => {
    const failures = await fuzzEach(
      (r) => UNSAFE.has(r.method),
      RUNS.body,
      (_route, seed) =>
        bodies(seed.body ?? {}).map((b) => ({ url: urlWithQuery(seed.url, seedQuery(seed)), ...b })),
      (_route, seed) => bodyEdges(seed),
    );
    expect(failures).toEqual([]);
  }, 180_000);

  it('query strings: never a 5xx, a 4xx is JSON with a message, a refused request writes nothing', async () => {
    const withBody = (seed: ValidRequest, url: string): Attempt => ({
      url,
      ...(seed.body !== undefined ? { body: seed.body } : {}),
    });
    const failures = await fuzzEach(
      () => true,
      RUNS.query,
      (route, seed) =>
        queries(route, seed.query).map((query) => withBody(seed, urlWithQuery(seed.url, query))),
      (_route, seed) => QUERY_EDGES.map((query) => withBody(seed, urlWithQuery(seed.url, query))),
    );
    expect(failures).toEqual([]);
  }, 180_000);

  it('numbers, dates and lone surrogates in every body (values and keys): never a 5xx, a refused request writes nothing', async () => {
    const failures = await fuzzEach(
      (r) => UNSAFE.has(r.method),
      RUNS.edgeBodies,
      (_route, seed) => numberDateSurrogateBodies(seed),
      (_route, seed) => numberDateSurrogateEdges(seed),
    );
    expect(failures).toEqual([]);
  }, 240_000);

  it('numbers, dates and lone surrogates in every query string (values and keys): never a 5xx', async () => {
    const failures = await fuzzEach(
      () => true,
      RUNS.edgeQueries,
      (route, seed) => numberDateSurrogateQueries(route, seed),
    );
    expect(failures).toEqual([]);
  }, 180_000);

  it('path parameters: never a 5xx, a 4xx is JSON with a message, a refused request writes nothing', async () => {
    // The route's pattern with every parameter replaced by the fuzzed segment, the valid body kept.
    const at = (route: RouteCatalogueEntry, seed: ValidRequest, segmentText: string): Attempt => ({
      url: route.url.replace(/:\w+/g, () => segmentText),
      ...(seed.body !== undefined ? { body: seed.body } : {}),
    });
    const failures = await fuzzEach(
      (r) => r.url.includes('/:'),
      RUNS.params,
      (route, seed) => segment.map((text) => at(route, seed, text)),
      (route, seed) => PARAM_EDGES.map((text) => at(route, seed, text)),
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
