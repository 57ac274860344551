import { describe, expect, it } from 'vitest';
import { FUZZ_RUNS, useRouteFuzzer } from '../test/fuzz-suite.js';
import { PARAM_EDGES, QUERY_EDGES, segment } from '../test/fuzz-values.js';
import { numberDateSurrogateQueries, queries, urlWithQuery, type Attempt } from '../test/fuzz-requests.js';
import type { ValidRequest } from '../test/route-cases.js';
import type { RouteCatalogueEntry } from './access.js';

/**
 * Property-based fuzzing of every route of the app's catalogue, query strings and path parameters (bodies are in
 * security-fuzz.int.test.ts). Whatever arrives, the answer is a 2xx or a 4xx (never a 5xx), a 4xx is JSON with a
 * `message`, and a refused request writes nothing (test/db-snapshot.ts). One property aims at what broke before
 * (issue 9): numbers, impossible dates and lone surrogates in every query string.
 */
const fuzzEach = useRouteFuzzer('security-fuzz-queries');

describe('fuzzing every route of the catalogue: query strings and path parameters', () => {
  it('query strings: never a 5xx, a 4xx is JSON with a message, a refused request writes nothing', async () => {
    const withBody = (seed: ValidRequest, url: string): Attempt => ({
      url,
      ...(seed.body !== undefined ? { body: seed.body } : {}),
    });
    const failures = await fuzzEach()(
      () => true,
      FUZZ_RUNS.query,
      (route, seed) =>
        queries(route, seed.query).map((query) => withBody(seed, urlWithQuery(seed.url, query))),
      (_route, seed) => QUERY_EDGES.map((query) => withBody(seed, urlWithQuery(seed.url, query))),
    );
    expect(failures).toEqual([]);
  }, 180_000);

  it('numbers, dates and lone surrogates in every query string (values and keys): never a 5xx', async () => {
    const failures = await fuzzEach()(
      () => true,
      FUZZ_RUNS.edgeQueries,
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
    const failures = await fuzzEach()(
      (r) => r.url.includes('/:'),
      FUZZ_RUNS.params,
      (route, seed) => segment.map((text) => at(route, seed, text)),
      (route, seed) => PARAM_EDGES.map((text) => at(route, seed, text)),
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
