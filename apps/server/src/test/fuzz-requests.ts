import fc from 'fast-check';
import type { RouteCatalogueEntry } from '../plugins/access.js';
import {
  DATES,
  EDGE_VALUES,
  edgeLeaf,
  ENCODED_SURROGATES,
  LONE,
  MUST_TRY,
  NUMBER_TEXTS,
  number,
  text,
  value,
} from './fuzz-values.js';
import type { ValidRequest } from './route-cases.js';

// The requests the route fuzzer (plugins/security-fuzz.int.test.ts) builds from a route's valid request: its body
// with one part broken, its query string with keys and values of every sort, and the edge cases at every leaf.

/** One request to a route: a JSON body, or raw `payload` text sent as JSON. */
export type Attempt = { url: string; body?: unknown; payload?: string };

type Path = (string | number)[];
/** Every path into a JSON value: the root, each container, each leaf. */
function pathsOf(input: unknown, prefix: Path = []): Path[] {
  const inner = Array.isArray(input)
    ? input.flatMap((v, i) => pathsOf(v, [...prefix, i]))
    : input && typeof input === 'object'
      ? Object.entries(input).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))
      : [];
  return [prefix, ...inner];
}
/** The part of `input` at `path`. */
const partAt = (input: unknown, path: Path) =>
  path.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], input);
const clone = <T>(input: T): T => (input === undefined ? input : (JSON.parse(JSON.stringify(input)) as T));
/** Replaces (or with `remove`, deletes) the part of `input` at `path`; answers the new value. */
function edit(
  input: unknown,
  path: Path,
  change: { set: unknown } | { remove: true } | { add: [string, unknown] },
): unknown {
  if (!path.length) {
    if ('set' in change) return change.set;
    if ('add' in change && input && typeof input === 'object' && !Array.isArray(input)) {
      // An own property, even for `__proto__`, so JSON.stringify sends it.
      Object.defineProperty(input, change.add[0], {
        value: change.add[1],
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    return input;
  }
  const copy = clone(input) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const key = path.at(-1)!;
  if ('remove' in change) {
    if (Array.isArray(node)) node.splice(Number(key), 1);
    else delete node[key];
  } else if ('set' in change) node[key] = change.set;
  else node[key] = edit(node[key], [], change);
  return copy;
}

/** The route's valid body with one part replaced, removed, added to or repeated; or any JSON at all. */
export function bodies(seed: unknown): fc.Arbitrary<{ body?: unknown; payload?: string }> {
  const paths = pathsOf(seed);
  const arrays = paths.filter((p) => Array.isArray(partAt(seed, p)));
  const options: fc.Arbitrary<{ body?: unknown; payload?: string }>[] = [
    fc
      .record({ path: fc.constantFrom(...paths), v: value })
      .map(({ path, v }) => ({ body: edit(seed, path, { set: v }) })),
    fc
      .record({
        path: fc.constantFrom(...paths),
        key: fc.oneof(
          fc.constantFrom('__proto__', 'constructor', 'id', 'isActive', 'role'),
          fc.string({ maxLength: 8 }),
        ),
        v: value,
      })
      .map(({ path, key, v }) => ({
        body: edit(clone(seed), path, { add: [key, v] }),
      })),
    fc.jsonValue({ maxDepth: 4 }).map((body) => ({ body })),
    fc
      .constantFrom(
        '{"a":',
        'nul',
        '',
        '"\\ud800"',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
        `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
        '1e999999',
        '{"postSap":[{"saleInvoice":1e400}]}',
      )
      .map((payload) => ({ payload })),
    fc.constant({ body: seed }),
  ];
  if (paths.length > 1)
    options.push(
      fc.constantFrom(...paths.slice(1)).map((path) => ({ body: edit(seed, path, { remove: true }) })),
    );
  if (arrays.length) {
    options.push(
      fc
        .record({ path: fc.constantFrom(...arrays), length: fc.constantFrom(0, 2, 3, 501) })
        .map(({ path, length }) => {
          const array = partAt(seed, path) as unknown[];
          return {
            body: edit(seed, path, {
              set: Array.from({ length }, (_, i) => clone(array[i % Math.max(array.length, 1)] ?? {})),
            }),
          };
        }),
    );
  }
  return fc.oneof(...options);
}

/** Query keys the route's schema reads, plus others; values of every sort; raw garbage appended. */
export function queries(
  route: RouteCatalogueEntry,
  seed: Record<string, string> | undefined,
): fc.Arbitrary<string> {
  const schema = route.schema.querystring as { shape?: Record<string, unknown> } | undefined;
  const keys = [
    ...Object.keys(schema?.shape ?? {}),
    'fromDate',
    'toDate',
    'accountType',
    '__proto__',
    'constructor',
    'a[b]',
  ];
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })),
    fc.oneof(text, number.map(String)),
  );
  const raw = fc.constantFrom('', '&', '%', '%zz', '%E0%A4%A', '%00', '=&=', '&&fromDate', '?', '%ff%fe');
  return fc.tuple(fc.array(pair, { maxLength: 4 }), fc.boolean(), raw).map(([pairs, keepSeed, tail]) => {
    const params = new URLSearchParams(keepSeed ? seed : undefined);
    for (const [k, v] of pairs) params.append(k, v);
    return `${params.toString()}${tail}`;
  });
}

/** `url` with the query string `query`, if any. */
export const urlWithQuery = (url: string, query: string) => (query ? `${url}?${query}` : url);
/** The valid request's query string. */
export const seedQuery = (seed: ValidRequest) =>
  seed.query ? new URLSearchParams(seed.query).toString() : '';

/** The valid request with each leaf of its body set to each of EDGE_VALUES in turn. */
export function bodyEdges(seed: ValidRequest): Attempt[] {
  const url = urlWithQuery(seed.url, seedQuery(seed));
  return leavesOf(seed.body).flatMap((path) =>
    EDGE_VALUES.map((v) => ({ url, body: edit(seed.body, path, { set: v }) })),
  );
}
/** The seed with raw JSON text in place of the part at `path` (JSON.stringify cannot write -0 or 1E21). */
const MARK = '\u0001raw\u0001';
function withRaw(seed: unknown, path: Path, raw: string): string {
  return JSON.stringify(edit(seed, path, { set: MARK })).replace(JSON.stringify(MARK), raw);
}
/** The paths of the body's leaves (values that are not objects or arrays, or null). */
const leavesOf = (body: unknown): Path[] =>
  pathsOf(body ?? {}).filter(
    (p) => p.length > 0 && (partAt(body, p) === null || typeof partAt(body, p) !== 'object'),
  );
/** The paths of the body's objects (not arrays), the root included. */
const objectsOf = (body: unknown): Path[] =>
  pathsOf(body ?? {}).filter((p) => {
    const v = partAt(body, p);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });

/** Every leaf of the body as a number literal, an impossible date or a lone surrogate; a lone surrogate as a key. */
export function numberDateSurrogateBodies(seed: ValidRequest): fc.Arbitrary<Attempt> {
  const url = urlWithQuery(seed.url, seedQuery(seed));
  const body = seed.body ?? {};
  const leaves = leavesOf(body);
  const objects = objectsOf(body);
  const options: fc.Arbitrary<Attempt>[] = [
    fc
      .record({ path: fc.constantFrom(...objects), key: fc.constantFrom(...LONE), leaf: edgeLeaf })
      .map(({ path, key, leaf }) => ({
        url,
        payload: withRaw(body, [...path, key], leaf.raw),
      })),
  ];
  if (leaves.length) {
    options.push(
      fc
        .record({ path: fc.constantFrom(...leaves), leaf: edgeLeaf })
        .map(({ path, leaf }) => ({ url, payload: withRaw(body, path, leaf.raw) })),
    );
  }
  return fc.oneof(...options);
}
/** Tried on every leaf of every body before the random ones: the reproductions of findings 1, 4 and 5. */
export function numberDateSurrogateEdges(seed: ValidRequest): Attempt[] {
  const url = urlWithQuery(seed.url, seedQuery(seed));
  const body = seed.body ?? {};
  return [
    ...leavesOf(body).flatMap((path) => MUST_TRY.map((raw) => ({ url, payload: withRaw(body, path, raw) }))),
    ...objectsOf(body).map((path) => ({ url, payload: withRaw(body, [...path, '\uD800'], '1') })),
  ];
}

/** Query strings whose values and keys are such numbers, dates and (percent-encoded) surrogates. */
export function numberDateSurrogateQueries(
  route: RouteCatalogueEntry,
  seed: ValidRequest,
): fc.Arbitrary<Attempt> {
  const schema = route.schema.querystring as { shape?: Record<string, unknown> } | undefined;
  const keys = [
    ...new Set([...Object.keys(schema?.shape ?? {}), ...Object.keys(seed.query ?? {}), 'fromDate', 'toDate']),
  ];
  const encoded = fc.oneof(
    fc.constantFrom(...NUMBER_TEXTS, ...DATES).map((text) => encodeURIComponent(text)),
    fc.constantFrom(...ENCODED_SURROGATES),
  );
  const pair = fc.oneof(
    fc.tuple(fc.constantFrom(...keys), encoded).map(([k, v]) => `${encodeURIComponent(k)}=${v}`),
    fc.tuple(fc.constantFrom(...ENCODED_SURROGATES), encoded).map(([k, v]) => `${k}=${v}`),
  );
  return fc.tuple(fc.array(pair, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([pairs, keepSeed]) => {
    const base = keepSeed ? seedQuery(seed) : '';
    return {
      url: `${seed.url}?${[base, ...pairs].filter(Boolean).join('&')}`,
      ...(seed.body !== undefined ? { body: seed.body } : {}),
    };
  });
}
