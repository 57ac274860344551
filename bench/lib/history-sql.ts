import { getTableName } from 'drizzle-orm';
import { cashAdvances } from '../../apps/server/src/modules/records/kinds/cash-advance/index.js';
import { transporterInvoices } from '../../apps/server/src/modules/records/kinds/first-journal/index.js';
import { fuelAdvances } from '../../apps/server/src/modules/records/kinds/fuel-advance/index.js';
import { vasTransactions } from '../../apps/server/src/modules/records/kinds/vas-transaction/index.js';
import { INSERT_ATTEMPTS } from './history-attempts.js';

/**
 * The statements of bench:history's data (bench/lib/history-data.ts), run in order in one session: temporary
 * tables `hp` (one row per touched record step: its scenario and times) and `ha` (its attempts, ids in claim
 * order), then the real tables: posting_attempts, the record steps' state and stored inputs, posting_reversals.
 * Parameters: $1 the application's time zone, $2 today (`yyyy-MM-dd` there).
 */

/** A posting step as the statements need it: table, state column names, amount and party columns, key shape. */
export type StepSpec = {
  name: string;
  /** The registry's noun ('sales invoice'), for the document's memo. */
  noun: string;
  code: string;
  table: string;
  columns: {
    status: string;
    postingDate: string;
    postedAt: string;
    postedById: string;
    sapDocEntry: string;
    sapDocNum: string;
    lastError: string;
    generation: string;
  };
  amount: string;
  party: string;
  keyPrefix: string;
  /** Reference2 keys (sales invoices): the generation is inside the key's hash (posting-key.ts). */
  compactKey: boolean;
  /** The code of the step that must be posted first (the second journal's first journal). */
  after: string | undefined;
};

/** How each touched step went, per mille of its hash `v` (the rest posted at the first attempt). */
export const SCENARIO_SHARES = { failed: 15, retried: 30, found: 5, reposted: 20, reversed: 5 } as const;
/** VAS claimed in the last 3 hours with `v` from this value on are still queued (10% of them). */
const QUEUED_FROM = 900;

type Ids = { admin: number; pettyCash: number; vasRevenue: number; vasCost: number };
export type Statement = { label: string; text: string; values: unknown[] };

const s = SCENARIO_SHARES;
const SCENARIO = `CASE WHEN h.v < ${s.failed} THEN 'failed'
            WHEN h.v < ${s.failed + s.retried} THEN 'retried'
            WHEN h.v < ${s.failed + s.retried + s.found} THEN 'found'
            WHEN h.v < ${s.failed + s.retried + s.found + s.reposted} THEN 'reposted'
            WHEN h.v < ${s.failed + s.retried + s.found + s.reposted + s.reversed} THEN 'reversed'
            ELSE 'posted' END`;

/** Which record steps were posted, and how: one `hp` row each. */
function touch(step: StepSpec): string {
  const after = step.after;
  const base = after ? `(f.final_at AT TIME ZONE $1)::date` : `(t.document_date AT TIME ZONE $1)::date`;
  const queued =
    step.code === 'VAS'
      ? `WHEN c.c1 > now() - interval '3 hours' AND h.v >= ${QUEUED_FROM} THEN 'queued' `
      : '';
  return `INSERT INTO hp (code, record_id, u, v, scenario, c1, p1)
    SELECT '${step.code}', t.id, h.u, h.v,
           CASE ${queued}WHEN true THEN ${SCENARIO} END,
           c.c1, (c.c1 AT TIME ZONE $1)::date
      FROM ${step.table} t
      ${after ? `JOIN hp f ON f.code = '${after}' AND f.record_id = t.id AND f.scenario IN ('posted', 'retried', 'found', 'reposted')` : ''}
     CROSS JOIN LATERAL (SELECT (abs(hashtext('${step.code}:' || t.id)::bigint) % 10000)::int AS u,
                                (abs(hashtext('${step.code}/' || t.id)::bigint) % 1000)::int AS v) h
     CROSS JOIN LATERAL (SELECT ${base} AS day, ${after ? 'f.final_at' : 't.document_date'} AS earliest) b
     CROSS JOIN LATERAL (
       SELECT least(((b.day + ${after ? '1 + h.u % 3' : 'h.u % 4'})::timestamp
                       + make_interval(mins => 480 + (h.u * 37) % 600)) AT TIME ZONE $1,
                    now() - make_interval(mins => 2 + h.u % 240)) AS c1) c
     WHERE c.c1 > b.earliest + interval '10 minutes'
       AND h.u < CASE WHEN $2::date - b.day >= 3 THEN 9700 ELSE 4000 END`;
}

/** The reversal, the second attempt and the posting date of a re-post: after the first claim, before now. */
const followUps = (code: string) => `UPDATE hp
     SET rv = x.rv, c2 = x.c2,
         p2 = CASE WHEN hp.scenario = 'reposted' THEN (x.c2 AT TIME ZONE $1)::date ELSE hp.p1 END,
         final_at = coalesce(x.c2, hp.c1) + interval '31 seconds'
    FROM (SELECT a.record_id, a.rv,
                 CASE a.scenario
                   WHEN 'retried' THEN a.c1 + least(make_interval(hours => 1 + a.u % 48), (now() - a.c1) / 2)
                   WHEN 'reposted' THEN a.rv + least(make_interval(hours => 1 + a.u % 24), (now() - a.rv) / 2)
                 END AS c2
            FROM (SELECT record_id, u, c1, scenario,
                         CASE WHEN scenario IN ('reposted', 'reversed')
                              THEN c1 + least(make_interval(hours => 1 + v % 72), (now() - c1) / 3) END AS rv
                    FROM hp WHERE code = '${code}') a) x
   WHERE hp.code = '${code}' AND hp.record_id = x.record_id`;

/** What a claim stores on the record besides the state (each kind's `storedInputs`). */
function storedInputs(ids: Ids): Statement[] {
  const col = (c: { name: string }) => c.name;
  const f = fuelAdvances;
  const v = vasTransactions;
  const t = transporterInvoices;
  const on = (table: { id: { name: string } }, code: string) =>
    `FROM hp WHERE hp.code = '${code}' AND hp.record_id = x.${table.id.name}`;
  return [
    {
      label: 'stored inputs: first journal',
      text: `UPDATE ${getTableName(t)} x SET ${col(t.supplierInvoiceNumber)} = coalesce(x.${col(t.supplierInvoiceNumber)}, 'SUP-' || lpad(x.id::text, 7, '0')) ${on(t, 'FJ')}`,
      values: [],
    },
    {
      label: 'stored inputs: cash',
      text: `UPDATE ${getTableName(cashAdvances)} x SET ${col(cashAdvances.onAccountId)} = ${ids.pettyCash} ${on(cashAdvances, 'CA')}`,
      values: [],
    },
    {
      label: 'stored inputs: fuel',
      text: `UPDATE ${getTableName(f)} x SET ${col(f.onAccountId)} = ${ids.pettyCash},
               ${col(f.collectedQuantity)} = x.${col(f.originQuantity)},
               ${col(f.pickupOrderNo)} = coalesce(x.${col(f.pickupOrderNo)}, x.${col(f.orderNumber)}),
               ${col(f.totalAmount)} = round(x.${col(f.originQuantity)} * x.${col(f.unitPrice)}, 2) ${on(f, 'FA')}`,
      values: [],
    },
    {
      label: 'stored inputs: VAS',
      text: `UPDATE ${getTableName(v)} x SET ${col(v.revenueAccountId)} = ${ids.vasRevenue},
               ${col(v.costAccountId)} = ${ids.vasCost},
               ${col(v.collectedQuantity)} = x.${col(v.originQuantity)},
               ${col(v.pickupOrderNo)} = coalesce(x.${col(v.pickupOrderNo)}, x.${col(v.orderNumber)}),
               ${col(v.totalAmount)} = round(x.${col(v.originQuantity)} * x.${col(v.sellingUnitPrice)}, 2),
               ${col(v.profitMargin)} = round(x.${col(v.originQuantity)} * x.${col(v.sellingUnitPrice)}, 2)
                                      - round(x.${col(v.originQuantity)} * x.${col(v.buyingUnitPrice)}, 2) ${on(v, 'VAS')}`,
      values: [],
    },
  ];
}

/** `ha`: every attempt, ids rising with the claim time, with its outcome and times. */
const ATTEMPTS = `CREATE TEMP TABLE ha AS
  SELECT row_number() OVER (ORDER BY a.claimed_at, hp.code, hp.record_id, a.n) AS id,
         hp.code, hp.record_id, hp.u, hp.v, a.n, a.generation, a.claimed_at, a.posting_date, a.outcome,
         a.n = CASE WHEN hp.scenario IN ('retried', 'reposted') THEN 2 ELSE 1 END AS is_last,
         t.sent_at,
         CASE a.outcome WHEN 'pending' THEN NULL
                        WHEN 'found' THEN t.sent_at + interval '30.4 seconds'
                        WHEN 'failed' THEN t.sent_at + make_interval(secs => 0.12 + (hp.u % 200) / 1000.0)
                        ELSE t.sent_at + make_interval(secs => 0.15 + (hp.u % 1000) / 1000.0) END AS finished_at
    FROM hp
   CROSS JOIN LATERAL (VALUES
     (1, 1, hp.c1, hp.p1, CASE hp.scenario WHEN 'failed' THEN 'failed' WHEN 'retried' THEN 'failed'
                                           WHEN 'found' THEN 'found' WHEN 'queued' THEN 'pending' ELSE 'posted' END),
     (2, CASE WHEN hp.scenario = 'reposted' THEN 2 ELSE 1 END, hp.c2, hp.p2, 'posted')
   ) AS a(n, generation, claimed_at, posting_date, outcome)
   CROSS JOIN LATERAL (SELECT CASE WHEN a.outcome = 'pending' THEN NULL
                                   ELSE a.claimed_at + make_interval(secs => 0.04 + (hp.u % 60) / 1000.0) END AS sent_at) t
   WHERE a.n = 1 OR hp.scenario IN ('retried', 'reposted')`;

/** The record step's state after its last attempt (and reversal), as the engine leaves it. */
function stepState(step: StepSpec, ids: Ids): string {
  const c = step.columns;
  return `UPDATE ${step.table} t
     SET ${c.status} = CASE hp.scenario WHEN 'failed' THEN 'failed' WHEN 'queued' THEN 'queued'
                                     WHEN 'reversed' THEN 'unposted' ELSE 'posted' END,
         ${c.postingDate} = la.posting_date,
         ${c.postedAt} = CASE WHEN pa.outcome IN ('posted', 'found') AND hp.scenario <> 'reversed' THEN pa.finished_at END,
         ${c.postedById} = CASE WHEN hp.scenario = 'reversed' THEN NULL ELSE ${ids.admin} END,
         ${c.sapDocEntry} = CASE WHEN hp.scenario <> 'reversed' THEN pa.sap_doc_entry END,
         ${c.sapDocNum} = CASE WHEN hp.scenario <> 'reversed' THEN pa.sap_doc_num END,
         ${c.lastError} = CASE WHEN hp.scenario = 'failed' THEN pa.error_message END,
         ${c.generation} = CASE WHEN hp.scenario IN ('reposted', 'reversed') THEN 2 ELSE 1 END,
         updated_at = greatest(t.updated_at, coalesce(pa.finished_at, pa.claimed_at), hp.rv + interval '1 second')
    FROM hp
    JOIN ha la ON la.code = hp.code AND la.record_id = hp.record_id AND la.is_last
    JOIN posting_attempts pa ON pa.id = la.id
   WHERE hp.code = '${step.code}' AND t.id = hp.record_id`;
}

/** Reversals of the first posting of reversed records, the admin's, between the first claim and the re-post. */
const REVERSALS = `INSERT INTO posting_reversals (kind, record_id, posting_id, generation, idempotency_key, sap_doc_entry,
      sap_doc_num, reason, outcome, cancel_doc_entry, cancel_doc_num, requested_by_id, claimed_at, started_at, sent_at,
      finished_at)
  SELECT hp.code, hp.record_id, pa.id, 1, pa.idempotency_key, pa.sap_doc_entry, pa.sap_doc_num,
         (ARRAY['Wrong posting date', 'Posted to the wrong customer', 'Amount corrected in the transport system',
                'Duplicate of a manual entry'])[1 + hp.v % 4],
         'reversed', 900000 + row_number() OVER (ORDER BY hp.rv), 27000000 + row_number() OVER (ORDER BY hp.rv), $1::int,
         hp.rv, hp.rv + interval '50 milliseconds', hp.rv + interval '50 milliseconds', hp.rv + interval '600 milliseconds'
    FROM hp
    JOIN ha f ON f.code = hp.code AND f.record_id = hp.record_id AND f.n = 1
    JOIN posting_attempts pa ON pa.id = f.id
   WHERE hp.scenario IN ('reposted', 'reversed')
   ORDER BY hp.rv`;

/** Every statement, in order; `values` are the statement's parameters. */
export function historyStatements(
  steps: readonly StepSpec[],
  ids: Ids,
  where: { timeZone: string; today: string },
): Statement[] {
  const both = [where.timeZone, where.today];
  const tz = [where.timeZone];
  // A step that needs another one posted comes after it.
  const ordered = [...steps].sort((a, b) => Number(!!a.after) - Number(!!b.after));
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const keys = steps
    .map(
      (st) =>
        `(${quote(st.code)}, ${quote(st.keyPrefix)}, ${st.compactKey}, ${quote(st.code === 'SI' ? 'Invoices' : 'JournalEntries')}, ${quote(st.noun)}, ${quote(st.code === 'SI' ? '400100' : st.code === 'VAS' ? '510100' : '110101')})`,
    )
    .join(', ');
  const facts = steps
    .map(
      (
        st,
      ) => `SELECT ${quote(st.code)} AS code, t.id AS record_id, t.source_id AS source, t.trip_number AS trip, t.${st.party} AS party,
                      t.${st.amount} AS amount, (t.document_date AT TIME ZONE $1)::date AS doc_day
                 FROM ${st.table} t JOIN hp ON hp.code = ${quote(st.code)} AND hp.record_id = t.id`,
    )
    .join('\nUNION ALL\n');
  return [
    {
      label: 'scenarios table',
      text: `CREATE TEMP TABLE hp (code text, record_id int, u int, v int, scenario text, c1 timestamptz, p1 date,
                                   rv timestamptz, c2 timestamptz, p2 date, final_at timestamptz,
                                   PRIMARY KEY (code, record_id))`,
      values: [],
    },
    ...ordered.flatMap((st) => [
      { label: `${st.code} postings`, text: touch(st), values: both },
      { label: `${st.code} reversals and retries`, text: followUps(st.code), values: tz },
    ]),
    { label: 'scenarios analysed', text: 'ANALYZE hp', values: [] },
    ...storedInputs(ids),
    { label: 'record facts', text: `CREATE TEMP TABLE hr AS ${facts}`, values: tz },
    { label: 'record facts indexed', text: 'CREATE INDEX ON hr (code, record_id); ANALYZE hr', values: [] },
    {
      label: 'key shapes',
      text: `CREATE TEMP TABLE hk AS SELECT * FROM (VALUES ${keys}) v(code, prefix, compact, entity, noun, account)`,
      values: [],
    },
    { label: 'attempts planned', text: ATTEMPTS, values: [] },
    {
      label: 'attempts indexed',
      text: 'CREATE INDEX ON ha (code, record_id); CREATE UNIQUE INDEX ON ha (id); ANALYZE ha',
      values: [],
    },
    { label: 'posting_attempts', text: INSERT_ATTEMPTS, values: [ids.admin] },
    {
      label: 'attempt id sequence',
      text: `SELECT setval(pg_get_serial_sequence('posting_attempts', 'id'), (SELECT max(id) FROM posting_attempts))`,
      values: [],
    },
    { label: 'posting_attempts analysed', text: 'ANALYZE posting_attempts', values: [] },
    ...steps.map((st) => ({ label: `${st.code} record state`, text: stepState(st, ids), values: [] })),
    { label: 'posting_reversals', text: REVERSALS, values: [ids.admin] },
  ];
}
