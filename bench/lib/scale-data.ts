import {
  CUSTOMERS,
  PLATE_SERIES,
  ROUTES,
  SUPPLIERS,
  TRAILER_SERIES,
  TRANSPORTERS,
  VAS_PRODUCTS,
} from '../../apps/server/src/modules/demo-data/catalogue.js';

/**
 * bench:scale's data: trip records written by `INSERT ... SELECT ... FROM generate_series` inside the database,
 * one statement per kind and slice. Chosen over COPY because the rows never cross the wire (COPY would stream
 * about 2 GB of CSV from this process for 5,000,000 rows), and because the same SQL runs on PGlite, which
 * the embedded figures load without a server.
 *
 * Shape (issue 13): `perKind` rows per kind, document dates spread evenly over the last `spanDays` days
 * (ids rise with the date, as imports arrive), times of day 06:00-18:59 in the application's time zone.
 * Rows dated within the last `toPostDays` days are still to post (0.5% of them failed); older ones are posted
 * 2-6 days after their document date. Row i of every kind belongs to trip i (same trip number, truck, route,
 * transporter). Transporter invoices carry both journal steps on one row: within the to-post window the even
 * rows wait for their first journal and the odd rows have it posted and wait for the second; older rows have
 * both posted. Container check digits are not computed (no check reads them outside the import).
 */

/** How many rows and which window: the shape of one generated database. */
export type ScaleShape = {
  perKind: number;
  /** Document dates fall on the `spanDays` days before `today` (never on today itself). */
  spanDays: number;
  /** Rows at most this many days old are still to post. */
  toPostDays: number;
  /** `yyyy-MM-dd`: the reference day in `timeZone`. */
  today: string;
  timeZone: string;
};

/** The tables filled, in the registry's order; each holds `perKind` rows. */
export const SCALE_TABLES = [
  'sales_invoices',
  'transporter_invoices',
  'cash_advances',
  'fuel_advances',
  'vas_transactions',
] as const;
export type ScaleTable = (typeof SCALE_TABLES)[number];

/** Runs one statement with positional parameters: node-postgres (`client.query`) or PGlite (`pglite.query`). */
export type Execute = (text: string, params: unknown[]) => Promise<unknown>;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const array = (values: readonly string[]) => `ARRAY[${values.map(quote).join(', ')}]::text[]`;
/** The element of `values` picked for row i by a multiplier (a cheap, deterministic spread). */
const pick = (values: readonly string[], multiplier: number) =>
  `(${array(values)})[(1 + (g.i * ${multiplier}) % ${values.length})::int]`;
/** `pick` over one field of a catalogue's entries. */
const pickField = <K extends string>(entries: readonly Record<K, string>[], field: K, multiplier: number) =>
  pick(
    entries.map((entry) => entry[field]),
    multiplier,
  );

const LETTERS = [...'ABCDEFGHJKLMNPQRSTUVWXYZ'];
const OWNERS = ['MSCU', 'MAEU', 'CMAU', 'HLXU', 'ONEU'];

/**
 * The columns every kind derives from row i: d (days before today), doc (the document instant), lag (days
 * from document to posting), to_post / failed, and the trip's own values. $1 count, $2 span days,
 * $3 to-post days, $4 today, $5 time zone, $6 first i, $7 last i.
 */
const TRIP = `
  FROM generate_series($6::bigint, $7::bigint) AS g(i)
  CROSS JOIN LATERAL (
    SELECT ($2::int - floor((g.i - 1)::numeric * $2::int / $1::int))::int AS d,
           (360 + (g.i * 7919) % 780)::int AS minute,
           (2 + g.i % 5)::int AS lag
  ) AS k
  CROSS JOIN LATERAL (
    SELECT ((($4::date - k.d) + make_interval(mins => k.minute))::timestamp AT TIME ZONE $5::text) AS doc,
           k.d <= $3::int AS to_post,
           k.d <= $3::int AND g.i % 200 = 0 AS failed
  ) AS s
  CROSS JOIN LATERAL (
    SELECT 'TRP-' || to_char(($4::date - k.d), 'YYYY') || '-' || lpad(g.i::text, 7, '0') AS trip_number,
           ${pickField(ROUTES, 'name', 3)} AS route,
           ${pickField(TRANSPORTERS, 'name', 5)} AS transporter_name,
           ${pickField(TRANSPORTERS, 'code', 5)} AS transporter_code,
           ${pick(PLATE_SERIES, 11)} || ' ' || (100 + (g.i * 31) % 900)::text || ${pick(LETTERS, 17)}
             || ' / ' || ${pick(TRAILER_SERIES, 3)} || ' ' || (1000 + (g.i * 37) % 9000)::text AS truck_number,
           ${pick(OWNERS, 7)} || lpad(((g.i * 7919) % 1000000)::text, 6, '0') || (g.i % 10)::text AS container_number,
           CASE WHEN g.i % 20 < 9 THEN '40ft' ELSE '20ft' END AS container_size,
           to_char((800 + (g.i * 13) % 2200) * 10, 'FM99,990') || ' kg' AS container_weight,
           ((80000 + ((g.i::bigint * 104729) % 3700) * 100))::numeric(14, 2) AS sale
  ) AS t`;

/** A step's status, posting day, posted instant and error from the row's to-post / failed flags. */
const step = (toPost: string, failed: string, lagDays = 'k.lag') => ({
  status: `CASE WHEN ${failed} THEN 'failed' WHEN ${toPost} THEN 'unposted' ELSE 'posted' END`,
  postingDate: `CASE WHEN ${toPost} THEN NULL ELSE (s.doc AT TIME ZONE $5::text)::date + ${lagDays} END`,
  postedAt: `CASE WHEN ${toPost} THEN NULL ELSE s.doc + make_interval(days => ${lagDays}, hours => 3) END`,
  postedBy: `CASE WHEN ${toPost} THEN NULL ELSE 1 END`,
  docEntry: `CASE WHEN ${toPost} THEN NULL ELSE g.i END`,
  docNum: `CASE WHEN ${toPost} THEN NULL ELSE 100000 + g.i END`,
  error: `CASE WHEN ${failed} THEN 'SAP error -5002: Balance of the account is below the credit limit' END`,
});
const own = step('s.to_post', 's.failed');
const stepColumns = (prefix = '') =>
  ['status', 'posting_date', 'posted_at', 'posted_by_id', 'sap_doc_entry', 'sap_doc_num', 'last_error'].map(
    (c) => `${prefix}${c}`,
  );
const stepValues = (s: ReturnType<typeof step>) =>
  [s.status, s.postingDate, s.postedAt, s.postedBy, s.docEntry, s.docNum, s.error].join(',\n    ');
const sourceId = (code: string) => `'SCALE-${code}-' || lpad(g.i::text, 7, '0')`;

/** The INSERT ... SELECT of each table (parameters as in TRIP). */
export const INSERTS: Record<ScaleTable, string> = {
  sales_invoices: `INSERT INTO sales_invoices (id, source_id, document_date, client_name, customer_code, cargo_ref,
    client_ref, trip_number, container_number, container_size, container_weight, truck_number, route, amount,
    ${stepColumns().join(', ')})
  SELECT g.i, ${sourceId('SI')}, s.doc, c.name, c.code, ${pick(OWNERS, 7)} || (10000000 + (g.i * 7907) % 89999999)::text,
    'PO-' || c.short || '-' || (10000 + (g.i * 97) % 89999)::text, t.trip_number, t.container_number,
    t.container_size, t.container_weight, t.truck_number, t.route, t.sale,
    ${stepValues(own)}
  ${TRIP}
  CROSS JOIN LATERAL (
    SELECT ${pickField(CUSTOMERS, 'name', 7)} AS name,
      ${pickField(CUSTOMERS, 'code', 7)} AS code,
      ${pickField(CUSTOMERS, 'short', 7)} AS short
  ) AS c`,

  transporter_invoices: `INSERT INTO transporter_invoices (id, source_id, document_date, transporter_name,
    transporter_code, cargo_reference, client_ref, trip_number, container_number, container_size,
    container_weight, truck_number, route_details, invoice_amount, supplier_invoice_number,
    ${stepColumns('fj_').join(', ')}, ${stepColumns('sj_').join(', ')})
  SELECT g.i, ${sourceId('TI')}, s.doc, t.transporter_name, t.transporter_code,
    ${pick(OWNERS, 7)} || (10000000 + (g.i * 7907) % 89999999)::text, 'PO-' || (10000 + (g.i * 97) % 89999)::text,
    t.trip_number, t.container_number, t.container_size, t.container_weight, t.truck_number, t.route,
    round(t.sale * (70 + g.i % 16) / 100, 0)::numeric(14, 2), 'INV-' || (100000 + (g.i * 53) % 899999)::text,
    ${stepValues(step('(s.to_post AND g.i % 2 = 0)', '(s.failed AND g.i % 2 = 0)', 'least(k.lag, k.d - 1)'))},
    ${stepValues(step('s.to_post', '(s.to_post AND g.i % 200 = 1)', 'k.lag + 1'))}
  ${TRIP}`,

  cash_advances: `INSERT INTO cash_advances (id, source_id, document_date, trip_number, route, transporter_name,
    transporter_code, truck_number, amount, ${stepColumns().join(', ')})
  SELECT g.i, ${sourceId('CA')}, s.doc, t.trip_number, t.route, t.transporter_name, t.transporter_code,
    t.truck_number, (5000 + (g.i * 389) % 45000)::numeric(14, 2),
    ${stepValues(own)}
  ${TRIP}`,

  fuel_advances: `INSERT INTO fuel_advances (id, source_id, document_date, trip_number, route, transporter_name,
    transporter_code, truck_number, order_number, warehouse, description, origin_quantity, collected_quantity,
    unit_price, total_amount, pickup_order_no, ${stepColumns().join(', ')})
  SELECT g.i, ${sourceId('FA')}, s.doc, t.trip_number, t.route, t.transporter_name, t.transporter_code,
    t.truck_number, 'LPO-' || (100000 + (g.i * 61) % 899999)::text, ${pick(['MSA-CFS', 'MSA-KIP', 'NBO-ICD', 'NBO-IND'], 3)},
    'Diesel (AGO)', f.quantity, f.quantity, f.price, (f.quantity * f.price)::numeric(14, 2),
    'PO-' || (100000 + (g.i * 71) % 899999)::text,
    ${stepValues(own)}
  ${TRIP}
  CROSS JOIN LATERAL (
    SELECT (100 + (g.i * 29) % 300)::numeric(14, 3) AS quantity, (170 + (g.i * 7) % 15)::numeric(14, 2) AS price
  ) AS f`,

  vas_transactions: `INSERT INTO vas_transactions (id, source_id, document_date, trip_number, transporter_name,
    transporter_code, truck_number, order_number, supplier_name, supplier_code, warehouse, description,
    product_type, origin_quantity, collected_quantity, buying_unit_price, selling_unit_price, total_amount,
    profit_margin, pickup_order_no, ${stepColumns().join(', ')})
  SELECT g.i, ${sourceId('VAS')}, s.doc, t.trip_number, t.transporter_name, t.transporter_code, t.truck_number,
    'LPO-' || (100000 + (g.i * 61) % 899999)::text, v.supplier_name, v.supplier_code, 'MSA-CFS', v.description,
    v.product_type, v.quantity, v.quantity, v.buying, v.selling, (v.quantity * v.selling)::numeric(14, 2),
    (v.quantity * (v.selling - v.buying))::numeric(14, 2), NULL,
    ${stepValues(own)}
  ${TRIP}
  CROSS JOIN LATERAL (
    SELECT ${pickField(SUPPLIERS, 'name', 3)} AS supplier_name, ${pickField(SUPPLIERS, 'code', 3)} AS supplier_code,
      ${pickField(VAS_PRODUCTS, 'type', 7)} AS product_type,
      ${pick(
        VAS_PRODUCTS.map((p) => p.descriptions[0]!),
        7,
      )} AS description,
      (1 + (g.i * 13) % 12)::numeric(14, 3) AS quantity,
      (420 + (g.i * 83) % 4000)::numeric(14, 2) AS buying,
      (420 + (g.i * 83) % 4000 + CASE WHEN g.i % 10 = 0 THEN -20 ELSE 60 END)::numeric(14, 2) AS selling
  ) AS v`,
};

/** Rows per INSERT: large enough to be cheap, small enough to log progress and bound PGlite's memory. */
const SLICE = 250_000;

/**
 * Fills every table of `tables` with `shape.perKind` rows (ids 1..perKind) and moves each id sequence past
 * them; answers the seconds each table took. The tables must be empty.
 */
export async function generateScaleData(
  execute: Execute,
  shape: ScaleShape,
  options: { tables?: readonly ScaleTable[]; log?: (line: string) => void } = {},
): Promise<Record<string, number>> {
  const seconds: Record<string, number> = {};
  for (const table of options.tables ?? SCALE_TABLES) {
    const started = performance.now();
    for (let from = 1; from <= shape.perKind; from += SLICE) {
      const to = Math.min(shape.perKind, from + SLICE - 1);
      await execute(INSERTS[table], [
        shape.perKind,
        shape.spanDays,
        shape.toPostDays,
        shape.today,
        shape.timeZone,
        from,
        to,
      ]);
    }
    await execute(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), $1::int)`, [
      Math.max(1, shape.perKind),
    ]);
    seconds[table] = Number(((performance.now() - started) / 1000).toFixed(1));
    options.log?.(`Generated ${shape.perKind} rows of ${table} in ${seconds[table]} s`);
  }
  return seconds;
}
