import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../lib/audit-context.js';
import { changedTables, tableNames, tableSnapshot, type TableSnapshot } from '../test/db-snapshot.js';
import { startPostingHarness, type PostingHarness } from '../test/posting-harness.js';
import { caseOf, routeLabel, type CaseContext, type ValidRequest } from '../test/route-cases.js';
import type { TestClient, TestResponse } from '../test/test-client.js';
import type { RouteCatalogueEntry } from './access.js';
import { OPENAPI_UI_URL } from './openapi.js';

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
const RECORD_TABLES = [
  'audits',
  'posting_attempts',
  'sales_invoices',
  'transporter_invoices',
  'cash_advances',
  'fuel_advances',
  'vas_transactions',
];

let h: PostingHarness;
let ctx: CaseContext;
let admin: TestClient;
let tables: string[];
let last: TableSnapshot | undefined;
beforeAll(async () => {
  h = await startPostingHarness({ queue: true, worker: false });
  ctx = {
    h,
    apiToken: (
      await h.app.services.apiTokens.create('security-fuzz', { actor: SYSTEM_ACTOR, ip: '127.0.0.1' })
    ).token,
  };
  admin = await h.signInAsAdmin();
  tables = await tableNames(h.database);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

// ---------------------------------------------------------------------------------------------------------
// Arbitraries

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '2026-01-01T25:61:61Z',
  '2026-01-01 00:00:00+99:99',
  '2026-09-31T10:00Z',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\uFEFF',
  '\uD800',
  '\uDFFF',
  '𝕏'.repeat(60),
  'a'.repeat(5_000),
  'petty cash',
  'View Sales Invoices',
  'Administrator',
  'admin@example.com',
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const number = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    2,
    1.5,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER,
    2 ** 53 + 2,
    1e308,
    -1e308,
    5e-324,
    1e21,
    1e-7,
    0.30000000000000004,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * Numbers, dates and lone UTF-16 surrogates that broke the server before (issue 9, findings 1, 4 and 5), and
 * their relatives. Numbers go out as raw JSON number text (so -0, 1E21 and 0.30000000000000004 arrive exactly
 * as written) and as strings; dates are impossible calendar dates with and without a time or an offset, and
 * years out of range; surrogates go in values and in keys, in bodies and in query strings.
 */
const RAW_NUMBERS = [
  '1e21',
  '1E21',
  '1e+21',
  '1e-7',
  '1E-7',
  '0.30000000000000004',
  '-0',
  '-0.0',
  '0.0',
  '1e400',
  '-1e400',
  '4.9e-324',
  '1.7976931348623157e308',
  '123456789012345678901234567890',
  '0.000000000000000000001',
  '99999999999.9995',
  '2.5',
  '1.0e1',
  '12.3456',
  '-1e-7',
  '2147483648',
  '9007199254740993',
];
const NUMBER_TEXTS = [
  ...RAW_NUMBERS,
  ' 1e21 ',
  '+1',
  '.5',
  '5.',
  '1,5',
  '1_000',
  '0x1F',
  '0b1',
  'Infinity',
  '-Infinity',
  'NaN',
  '١٢',
  '１２',
];
const DATES = [
  '2026-09-31T10:00Z',
  '2026-09-31 10:00:00',
  '2026-09-31T10:00:00+03:00',
  '2026-09-31T10:00:00.000-0500',
  '2026-02-29',
  '2026-02-29T00:00:00Z',
  '2024-02-30 00:00',
  '2026-13-01',
  '2026-00-00T00:00Z',
  '2026-09-30T24:00Z',
  '2026-09-30T23:60Z',
  '2026-09-30 23:59:60',
  '2026-09-30T10:00+24:00',
  '2026-09-30T10:00+03:60',
  '0000-01-01',
  '0001-01-01T00:00Z',
  '1899-12-31',
  '1969-12-31T23:59:59.999Z',
  '2101-01-01',
  '9999-12-31T23:59:59Z',
  '+275760-09-13',
  '-000001-01-01',
  '275760-09-14T00:00Z',
  '20260930',
];
const LONE = ['\uD800', '\uDFFF', 'a\uD83D', '\uDE00b', '\uD800@x.test', 'Role \uDBFF'];
const edgeText = fc.constantFrom(...NUMBER_TEXTS, ...DATES, ...LONE);
/** Raw JSON text for a leaf: a number literal, or a string among the edge texts. */
const edgeLeaf = fc.oneof(
  fc.constantFrom(...RAW_NUMBERS).map((raw) => ({ raw })),
  edgeText.map((text) => ({ raw: JSON.stringify(text) })),
  fc.double().map((n) => ({ raw: Number.isFinite(n) ? String(n) : JSON.stringify(String(n)) })),
);

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
function bodies(seed: unknown): fc.Arbitrary<{ body?: unknown; payload?: string }> {
  const paths = pathsOf(seed);
  const arrays = paths.filter((p) =>
    Array.isArray(p.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], seed)),
  );
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
          const array = path.reduce<unknown>(
            (n, k) => (n as Record<string | number, unknown>)[k],
            seed,
          ) as unknown[];
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
function queries(route: RouteCatalogueEntry, seed: Record<string, string> | undefined): fc.Arbitrary<string> {
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

const segment = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '2147483647',
    '2147483648',
    '99999999999999999999',
    'NaN',
    'Infinity',
    '0x10',
    '%20%31',
    '%00',
    '..',
    'null',
    "1'--",
    'sales-invoices',
    'cash-advances',
    '__proto__',
  ),
  fc.integer().map(String),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

// ---------------------------------------------------------------------------------------------------------
// Sending and judging

/** The client a route is fuzzed as: the administrator, the import's token, or an anonymous browser. */
async function callerOf(
  route: RouteCatalogueEntry,
): Promise<{ client: TestClient; headers: Record<string, string> }> {
  if (route.access.auth === 'apiToken')
    return { client: h.client(), headers: { authorization: `Bearer ${ctx.apiToken}` } };
  if (route.access.auth === 'user') {
    // Its own address each time, so per-address limits (e.g. 20 connection tests a minute) do not hide the answers.
    const client = h.client({
      remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
    });
    for (const [name, cookie] of admin.jar) client.jar.set(name, cookie);
    return { client, headers: {} };
  }
  const client = h.client();
  await client.csrf();
  return { client, headers: {} };
}

const snapshot = async () => {
  await h.app.services.mailer.idle();
  return tableSnapshot(h.database, tables);
};

/** Tables a refused request may still write: the refusals a route records on purpose. */
function writableOnRefusal(route: RouteCatalogueEntry, response: TestResponse): string[] {
  // A refused sign-in counts against the throttle and the audit tally (modules/auth) before it is refused.
  if (route.method === 'POST' && route.url === '/login')
    return ['audits', 'login_throttle', 'auth_event_tallies'];
  // Posting answers per row (PostResult): rows refused or failed in SAP are recorded with their reason.
  if (Array.isArray(response.body?.failed)) return RECORD_TABLES;
  return [];
}

type Attempt = { url: string; body?: unknown; payload?: string };

/** Swagger UI's pages and files (plugins/openapi.ts): the one place answering HTML, scripts and a redirect. */
const servesPages = (route: RouteCatalogueEntry) => route.url.startsWith(OPENAPI_UI_URL);

async function judge(route: RouteCatalogueEntry, attempt: Attempt): Promise<void> {
  const { client, headers } = await callerOf(route);
  // An anonymous caller's csrf-cookie call opened a session: the state before is the state after it.
  const before = route.access.auth === 'public' || !last ? await snapshot() : last;
  last = undefined;
  const response = await client.request({
    method: route.method as 'GET',
    url: attempt.url,
    headers: attempt.payload !== undefined ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(attempt.payload !== undefined
      ? { payload: attempt.payload }
      : attempt.body !== undefined
        ? { body: attempt.body }
        : {}),
  });
  const after = await snapshot();
  last = after;
  const problems: string[] = [];
  const { status } = response;
  const redirect = servesPages(route) && status === 302;
  if (!((status >= 200 && status < 300) || redirect || (status >= 400 && status < 500)))
    problems.push(`answered ${status}`);
  if (status >= 400) {
    if (!String(response.headers['content-type']).startsWith('application/json'))
      problems.push(`a ${status} that is not JSON`);
    if (typeof response.body?.message !== 'string' || !response.body.message)
      problems.push(`a ${status} without a message`);
    const allowed = writableOnRefusal(route, response);
    const written = changedTables(before, after).filter((t) => !allowed.includes(t));
    if (written.length) problems.push(`a refused request (${status}) wrote to ${written.join(', ')}`);
  } else if (
    response.text &&
    !servesPages(route) &&
    !String(response.headers['content-type']).startsWith('application/json')
  ) {
    problems.push(`a ${status} that is not JSON`);
  }
  if (problems.length) {
    const sent = attempt.payload ?? JSON.stringify(attempt.body);
    throw new Error(
      `${route.method} ${attempt.url} ${String(sent).slice(0, 300)}\n-> ${problems.join('; ')}\n   ${response.text.slice(0, 300)}`,
    );
  }
}

/** Runs a property for every route it applies to; answers every failing route with its counterexample. */
async function fuzzEach(
  applies: (route: RouteCatalogueEntry) => boolean,
  runs: number,
  property: (route: RouteCatalogueEntry, seed: ValidRequest) => fc.Arbitrary<Attempt>,
  examples: (route: RouteCatalogueEntry, seed: ValidRequest) => Attempt[] = () => [],
): Promise<string[]> {
  const failures: string[] = [];
  const routes = h.app.routeCatalogue.filter(applies);
  expect(routes.length).toBeGreaterThan(0);
  for (const route of routes) {
    const seed = await caseOf(route).valid(ctx);
    last = undefined;
    const details = await fc.check(
      fc.asyncProperty(property(route, seed), (attempt) => judge(route, attempt)),
      {
        numRuns: runs,
        endOnFailure: true,
        examples: examples(route, seed).map((attempt) => [attempt] as [Attempt]),
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
      },
    );
    if (details.failed) {
      // The judge's sentence (what was sent, what came back) says more than the counterexample alone.
      const reason = details.errorInstance instanceof Error ? `\n${details.errorInstance.message}` : '';
      failures.push(`${routeLabel(route)}: ${fc.defaultReportMessage(details)}${reason}`);
    }
    // Undo what the valid requests changed that later routes rely on: the SAP connection.
    if (route.url === '/api/v1/connectionSetting/:id') await admin.patch(seed.url, seed.body);
  }
  return failures;
}

const withQuery = (url: string, query: string) => (query ? `${url}?${query}` : url);
const seedQuery = (seed: ValidRequest) => (seed.query ? new URLSearchParams(seed.query).toString() : '');

/** Known edge cases tried on every route before the random ones: each leaf of the valid body as NUL text or past int4. */
const EDGE_VALUES: unknown[] = [
  '\u0000',
  'x\u0000y',
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  '9'.repeat(40),
];
function bodyEdges(seed: ValidRequest): Attempt[] {
  const url = withQuery(seed.url, seedQuery(seed));
  const valueAt = (path: Path) =>
    path.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], seed.body);
  const leaves = pathsOf(seed.body ?? {}).filter(
    (p) => p.length > 0 && (valueAt(p) === null || typeof valueAt(p) !== 'object'),
  );
  return leaves.flatMap((path) => EDGE_VALUES.map((v) => ({ url, body: edit(seed.body, path, { set: v }) })));
}
/** The seed with raw JSON text in place of the part at `path` (JSON.stringify cannot write -0 or 1E21). */
const MARK = '\u0001raw\u0001';
function withRaw(seed: unknown, path: Path, raw: string): string {
  return JSON.stringify(edit(seed, path, { set: MARK })).replace(JSON.stringify(MARK), raw);
}
const leavesOf = (body: unknown): Path[] => {
  const valueAt = (path: Path) =>
    path.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], body);
  return pathsOf(body ?? {}).filter(
    (p) => p.length > 0 && (valueAt(p) === null || typeof valueAt(p) !== 'object'),
  );
};
const objectsOf = (body: unknown): Path[] => {
  const valueAt = (path: Path) =>
    path.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], body);
  return pathsOf(body ?? {}).filter((p) => {
    const v = valueAt(p);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });
};

/** Every leaf of the body as a number literal, an impossible date or a lone surrogate; a lone surrogate as a key. */
function numberDateSurrogateBodies(seed: ValidRequest): fc.Arbitrary<Attempt> {
  const url = withQuery(seed.url, seedQuery(seed));
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
const MUST_TRY = [
  '1e21',
  '1e-7',
  '0.30000000000000004',
  '-0',
  JSON.stringify('2026-09-31T10:00Z'),
  JSON.stringify('\uD800'),
];
function numberDateSurrogateEdges(seed: ValidRequest): Attempt[] {
  const url = withQuery(seed.url, seedQuery(seed));
  const body = seed.body ?? {};
  return [
    ...leavesOf(body).flatMap((path) => MUST_TRY.map((raw) => ({ url, payload: withRaw(body, path, raw) }))),
    ...objectsOf(body).map((path) => ({ url, payload: withRaw(body, [...path, '\uD800'], '1') })),
  ];
}

/** Query strings whose values and keys are such numbers, dates and (percent-encoded) surrogates. */
const ENCODED_SURROGATES = ['%ED%A0%80', '%ED%BF%BF', 'a%ED%A0%BD', '%F0%9F', '%C0%80'];
function numberDateSurrogateQueries(route: RouteCatalogueEntry, seed: ValidRequest): fc.Arbitrary<Attempt> {
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

const QUERY_EDGES = [
  'toDate=9999-12-31',
  'fromDate=9999-12-31&toDate=9999-12-31',
  'fromDate=0100-01-01',
  'fromDate=2024-02-29&toDate=2024-02-29',
  'fromDate=%00',
  'accountType=petty%20cash%00',
  'accountType=Vas%20Transaction%20Revenue&accountType=petty%20cash',
  'fromDate=2026-09-31',
  'toDate=2026-02-29',
  'fromDate=0000-01-01',
  'toDate=%2B275760-09-13',
  'fromDate=2026-09-31T10%3A00Z',
  'fromDate=%ED%A0%80',
  '%ED%A0%80=1',
  'accountType=%ED%A0%80',
  'fromDate=1e21',
  'toDate=-0',
];
const PARAM_EDGES = [
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  '%00',
  '-0',
  '1e21',
  '1e-7',
  '0.30000000000000004',
  '%ED%A0%80',
  '2026-09-31',
];

describe('fuzzing every route of the catalogue', () => {
  it('JSON bodies: never a 5xx, a 4xx is JSON with a message, a refused request writes nothing', async () => {
    const failures = await fuzzEach(
      (r) => UNSAFE.has(r.method),
      RUNS.body,
      (_route, seed) =>
        bodies(seed.body ?? {}).map((b) => ({ url: withQuery(seed.url, seedQuery(seed)), ...b })),
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
      (route, seed) => queries(route, seed.query).map((query) => withBody(seed, withQuery(seed.url, query))),
      (_route, seed) => QUERY_EDGES.map((query) => withBody(seed, withQuery(seed.url, query))),
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
