import fc from 'fast-check';

// What the route fuzzer (plugins/security-fuzz.int.test.ts) sends: random values of every sort, the numbers, dates
// and lone surrogates that broke the server before, and the known edge cases tried on every route first.

/** Text that has tripped servers: empty, NUL, number and date look-alikes, injections, huge, real names. */
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
/** Any text: the nasty ones, random strings and random binary strings. */
export const text = fc.oneof(
  nasty,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
/** Any number: the edges of int4, doubles and safe integers, and random ones. */
export const number = fc.oneof(
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
/** Any JSON value: mostly scalars, some arrays, objects and deeper JSON. */
export const value: fc.Arbitrary<unknown> = fc.oneof(
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
/** The raw numbers as text, and number look-alikes JSON or our parsers do not take. */
export const NUMBER_TEXTS = [
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
/** Impossible calendar dates and times, and years out of range. */
export const DATES = [
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
/** Lone UTF-16 surrogates, alone and in text. */
export const LONE = ['\uD800', '\uDFFF', 'a\uD83D', '\uDE00b', '\uD800@x.test', 'Role \uDBFF'];
const edgeText = fc.constantFrom(...NUMBER_TEXTS, ...DATES, ...LONE);
/** Raw JSON text for a leaf: a number literal, or a string among the edge texts. */
export const edgeLeaf = fc.oneof(
  fc.constantFrom(...RAW_NUMBERS).map((raw) => ({ raw })),
  edgeText.map((text) => ({ raw: JSON.stringify(text) })),
  fc.double().map((n) => ({ raw: Number.isFinite(n) ? String(n) : JSON.stringify(String(n)) })),
);

/** Path parameters: numbers out of range, encodings, traversal, names. */
export const segment = fc.oneof(
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

/** Known edge cases tried at each leaf of every body before the random ones: NUL text, past int4, 40 digits. */
export const EDGE_VALUES: unknown[] = [
  '\u0000',
  'x\u0000y',
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  '9'.repeat(40),
];

/** Raw JSON tried at every leaf of every body before the random ones: the reproductions of findings 1, 4 and 5. */
export const MUST_TRY = [
  '1e21',
  '1e-7',
  '0.30000000000000004',
  '-0',
  JSON.stringify('2026-09-31T10:00Z'),
  JSON.stringify('\uD800'),
];

/** Percent-encoded lone surrogates and overlong or cut UTF-8. */
export const ENCODED_SURROGATES = ['%ED%A0%80', '%ED%BF%BF', 'a%ED%A0%BD', '%F0%9F', '%C0%80'];

/** Query strings tried on every route before the random ones. */
export const QUERY_EDGES = [
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
/** Path parameter values tried on every route before the random ones. */
export const PARAM_EDGES = [
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
