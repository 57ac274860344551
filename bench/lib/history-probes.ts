import pg from 'pg';
import { ALL_PERMISSIONS, RECORD_KINDS_PLAIN, viewableKinds, type RecordKindName } from '@ff/contract';
import {
  pageStatement,
  rowsStatement,
  type HistoryFilters,
} from '../../apps/server/src/modules/posting-history/posting-history.statement.js';
import { addDays } from './database.js';
import { explainStatement, runStatement, type PlanSummary, type Probe } from './history-runs.js';

/**
 * The questions bench:history asks, as the web sends them (perPage 50, the screen's page size), each with the
 * answer an independent count of the generated data expects, and the repository's statements behind it for
 * EXPLAIN (posting-history.statement.ts: the page's statement, then the rows statement of its postings).
 */

const PER_PAGE = 50;
const SI = 'salesInvoice' satisfies RecordKindName;
const VAS = 'vasTransaction' satisfies RecordKindName;

/** A probe with the repository's statements behind it. */
export type HistoryProbe = Probe & {
  key: string;
  explain: (url: string) => Promise<PlanSummary[]>;
};

type Expected = {
  postings: number;
  week: number;
  salesPosted: number;
  posted: number;
  failedSince: number;
  vasQueued: number;
  vasFailedSince: number;
};

/** Sample values (trip numbers, keys, posting ids) and the expected totals, from the tables themselves. */
async function inspect(url: string, fromDate: string, toDate: string, since: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const col = async <T>(text: string, values: unknown[] = []) =>
      (await client.query<{ v: T }>(text, values)).rows.map((r) => r.v);
    const num = async (text: string, values: unknown[] = []) => Number((await col<string>(text, values))[0]);
    // Each posting with its last attempt and its record step's state now.
    const last = `(SELECT DISTINCT ON (kind, record_id, generation) kind, record_id, generation, posting_date,
                          coalesce(finished_at, claimed_at) AS at
                     FROM posting_attempts ORDER BY kind, record_id, generation, id DESC)`;
    // Each posting joined to its record step's state now (the current generation's status).
    const current = (where: string) => `SELECT count(*) AS v FROM ${last} p
        JOIN (SELECT 'SI' AS kind, id, status, generation FROM sales_invoices
              UNION ALL SELECT 'FJ', id, fj_status, fj_generation FROM transporter_invoices
              UNION ALL SELECT 'SJ', id, sj_status, sj_generation FROM transporter_invoices
              UNION ALL SELECT 'CA', id, status, generation FROM cash_advances
              UNION ALL SELECT 'FA', id, status, generation FROM fuel_advances
              UNION ALL SELECT 'VAS', id, status, generation FROM vas_transactions) s
          ON s.kind = p.kind AND s.id = p.record_id AND s.generation = p.generation
       WHERE ${where}`;
    const posted = `s.status IN ('posted', 'reversing')`;
    const failedSince = `s.status = 'failed' AND p.at >= $1::timestamptz`;
    const expected: Expected = {
      postings: await num(`SELECT count(*) AS v FROM ${last} p`),
      week: await num(`SELECT count(*) AS v FROM ${last} p WHERE p.posting_date BETWEEN $1 AND $2`, [
        fromDate,
        toDate,
      ]),
      salesPosted: await num(current(`p.kind = 'SI' AND ${posted}`)),
      posted: await num(current(posted)),
      failedSince: await num(current(failedSince), [since]),
      vasQueued: await num(`SELECT count(*) AS v FROM vas_transactions WHERE status = 'queued'`),
      vasFailedSince: await num(current(`p.kind = 'VAS' AND ${failedSince}`), [since]),
    };
    const spread = (table: string) => `ORDER BY (${table}.id * 7919) % 10007 LIMIT 10`;
    const samples = {
      trips: await col<string>(
        `SELECT trip_number AS v FROM sales_invoices WHERE status = 'posted' ${spread('sales_invoices')}`,
      ),
      keys: await col<string>(
        `SELECT idempotency_key AS v FROM posting_attempts WHERE outcome IN ('posted', 'found') ${spread('posting_attempts')}`,
      ),
      // Postings of every kind and outcome, a reversed one and a failed one among them.
      postings: [
        ...(await col<string>(
          `SELECT min(id) AS v FROM posting_attempts GROUP BY kind, record_id, generation ORDER BY (min(id) * 7919) % 10007 LIMIT 8`,
        )),
        ...(await col<string>(`SELECT min(posting_id) AS v FROM posting_reversals`)),
        ...(await col<string>(`SELECT min(id) AS v FROM posting_attempts WHERE outcome = 'failed'`)),
      ]
        .filter((id) => id !== null)
        .map(Number),
    };
    return { expected, samples };
  } finally {
    await client.end();
  }
}

/** The page's statement and the rows statement of its postings, as the repository runs them. */
async function explainPage(url: string, name: string, filters: HistoryFilters, limit = PER_PAGE) {
  const page = pageStatement(filters, { limit, offset: 0 });
  const plans = [await explainStatement(url, `${name}: page`, page)];
  const keys = (await runStatement<{ id: string; kind: string; record_id: number }>(url, page)).map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    recordId: Number(r.record_id),
  }));
  if (keys.length) plans.push(await explainStatement(url, `${name}: rows`, rowsStatement(keys)));
  return plans;
}

/** The questions, with their checks and statements. `today` is the reference day; `since` 24 h ago. */
export async function historyProbes(url: string, today: string, sinceIso: string): Promise<HistoryProbe[]> {
  const fromDate = addDays(today, -6);
  const { expected, samples } = await inspect(url, fromDate, today, sinceIso);
  const all = viewableKinds(ALL_PERMISSIONS);
  const since = new Date(sinceIso);
  const list = (query: Record<string, string>) =>
    `/api/v1/postings?${new URLSearchParams({ ...query, page: '1', perPage: String(PER_PAGE) })}`;
  const total = (want: number) => (body: any) =>
    body.meta.total === want ? null : `meta.total ${body.meta.total}, the data holds ${want}`;
  const listProbe = (
    key: string,
    label: string,
    query: Record<string, string>,
    filters: HistoryFilters,
    check: Probe['check'],
  ): HistoryProbe => ({
    key,
    label,
    paths: [list(query)],
    check,
    explain: (u) => explainPage(u, label, filters),
  });
  const searchProbe = (key: string, label: string, values: string[], field: string): HistoryProbe => ({
    key,
    label,
    paths: values.map((search) => list({ search })),
    check: (body, index) =>
      body.data.some((r: any) => String(r[field]).toUpperCase().includes(values[index]!.toUpperCase()))
        ? null
        : `no row's ${field} holds ${values[index]}`,
    explain: (u) => explainPage(u, label, { kinds: all, search: values[0]! }),
  });
  const probes: HistoryProbe[] = [
    listProbe('first', 'first page, unfiltered', {}, { kinds: all }, total(expected.postings)),
    listProbe(
      'week',
      `7-day range ${fromDate}..${today}`,
      { fromDate, toDate: today },
      { kinds: all, fromDate, toDate: today },
      total(expected.week),
    ),
    listProbe(
      'salesPosted',
      'kind=sales invoices, status=posted',
      { kind: RECORD_KINDS_PLAIN[SI].apiName, status: 'posted' },
      { kinds: [SI], status: 'posted' },
      total(expected.salesPosted),
    ),
    listProbe(
      'posted',
      'status=posted, all kinds',
      { status: 'posted' },
      { kinds: all, status: 'posted' },
      total(expected.posted),
    ),
    listProbe(
      'failedSince',
      'status=failed since 24 h',
      { status: 'failed', since: sinceIso },
      { kinds: all, status: 'failed', since },
      total(expected.failedSince),
    ),
    searchProbe('trip', 'search: a trip number', samples.trips, 'tripNumber'),
    searchProbe('key', 'search: an idempotency key', samples.keys, 'idempotencyKey'),
    {
      key: 'summary',
      label: 'summary (the VAS screen: queued, failed in 24 h)',
      paths: [`/api/v1/postings/summary?kind=${RECORD_KINDS_PLAIN[VAS].apiName}`],
      // failedLast24h is counted from the server's own clock, seconds after `since`: at least as many.
      check: (body) =>
        body.data.queued === expected.vasQueued && body.data.failedLast24h <= expected.vasFailedSince
          ? null
          : `answered ${JSON.stringify(body.data)}, the data holds queued ${expected.vasQueued}, failed ${expected.vasFailedSince}`,
      explain: async (u) => [
        ...(await explainPage(u, 'summary queued', { kinds: [VAS], status: 'queued' }, 1)),
        ...(await explainPage(u, 'summary failed 24 h', { kinds: [VAS], status: 'failed', since }, 1)),
      ],
    },
    {
      key: 'detail',
      label: "one posting's detail",
      paths: samples.postings.map((id) => `/api/v1/postings/${id}`),
      check: (body) => (body.data?.timeline?.length ? null : 'no timeline'),
      explain: async (u) => [
        await explainStatement(u, 'detail: rows', rowsStatement([await postingKey(u, samples.postings[0]!)])),
      ],
    },
  ];
  return probes;
}

/** A posting's stored kind code and record id, by its id (what the repository's `find` reads first). */
async function postingKey(url: string, id: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ kind: string; record_id: number }>(
      'SELECT kind, record_id FROM posting_attempts WHERE id = $1',
      [id],
    );
    if (!rows[0]) throw new Error(`No attempt ${id}`);
    return { id, kind: rows[0].kind, recordId: rows[0].record_id };
  } finally {
    await client.end();
  }
}
