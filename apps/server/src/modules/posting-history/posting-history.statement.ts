import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  RECORD_KIND_NAMES,
  RECORD_KINDS_PLAIN,
  type PostingHistoryStatus,
  type RecordKindName,
} from '@ff/contract';
import { containsPattern } from '../records/kinds/shared/list.js';
import { POSTING_STEPS, type PostingStep } from '../posting/posting-steps.js';

/**
 * The SQL of the posting history (issue 11). A posting is one generation of one record's step: every
 * posting_attempts row of the same (kind, record_id, generation), its id the smallest attempt id. Two statements:
 * - `pageStatement` finds a page: per kind the attempts grouped (only their first and last ids, through the
 *   (kind, record_id) index) and joined to the kind's table (trip number, step state) and to the last attempt,
 *   filtered, newest first, with the total matching;
 * - `rowsStatement` builds those few postings in full: the newest posting date, amount, key and SAP keys of
 *   their attempts, the successful reversal, the users' names.
 * (Building every posting in full before cutting the page took 1.2 s with 110,000 attempts on PostgreSQL; the
 * page first, 50 rows then, takes a fraction of it.)
 *
 * Status: an earlier generation than the record's is `reversed` (a reversal succeeded); the current one follows
 * the step: queued, posting, posted (also while `reversing`), otherwise failed.
 */
export type HistoryFilters = {
  /** The kinds to show (those the user may view, narrowed by the `kind` filter). */
  kinds: readonly RecordKindName[];
  fromDate?: string | undefined;
  toDate?: string | undefined;
  status?: PostingHistoryStatus | undefined;
  search?: string | undefined;
  /** Only postings whose latest outcome (or claim) came at or after this instant. */
  since?: Date | undefined;
};

const column = (c: PgColumn) => sql.identifier(c.name);

/** The newest non-null value of an attempt column within the group. */
const newest = (expression: string) =>
  sql.raw(`(array_agg(${expression} ORDER BY id DESC) FILTER (WHERE ${expression} IS NOT NULL))[1]`);

/** SAP's VAT or gross of the newest attempt that kept both (issue 25), as text; null when none did. */
const sapTotal = (column: 'vat_amount' | 'gross_amount') =>
  sql.raw(
    `(array_agg(${column} ORDER BY id DESC) FILTER (WHERE vat_amount IS NOT NULL AND gross_amount IS NOT NULL))[1]::text`,
  );

/**
 * The step statuses a history status can come from (the current generation's), to narrow the records first;
 * none for `posted`, most records' state. `reversed`: only a record posted again after a reversal has an
 * earlier generation. (A step `unposted` with attempts of its current generation cannot happen; the status
 * below would call it failed.)
 */
const STEP_STATUSES: Record<PostingHistoryStatus, ((c: PostingStep['columns']) => SQL) | null> = {
  queued: (c) => sql`${sql.identifier(c.status.name)} = 'queued'`,
  posting: (c) => sql`${sql.identifier(c.status.name)} = 'posting'`,
  failed: (c) => sql`${sql.identifier(c.status.name)} = 'failed'`,
  reversed: (c) => sql`${sql.identifier(c.generation.name)} > 1`,
  posted: null,
};

const STATUS = sql`CASE WHEN p.generation < p.step_generation THEN 'reversed'
                        WHEN p.step_status IN ('queued', 'posting') THEN p.step_status
                        WHEN p.step_status IN ('posted', 'reversing') THEN 'posted'
                        ELSE 'failed' END`;

/** One kind's postings of the given records: their attempts grouped by record and generation, with the step state. */
function kindPart(step: PostingStep, recordIds: readonly number[]): SQL {
  const table = sql.identifier(getTableName(step.table));
  const amount = (step.table as unknown as Record<string, PgColumn>)[
    RECORD_KINDS_PLAIN[step.name].amountField
  ]!;
  const c = step.columns;
  const ids = sql.join(
    recordIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`SELECT g.*, ${step.kind}::text AS kind, ${RECORD_KINDS_PLAIN[step.name].apiName}::text AS api_name,
      t.trip_number, t.${column(c.status)} AS step_status, t.${column(c.generation)} AS step_generation,
      t.${column(c.lastError)} AS step_error, t.${column(amount)}::text AS record_amount, t.currency,
      t.${column(c.postedAt)} AS step_posted_at, t.${column(c.postedById)} AS step_posted_by,
      t.${column(c.sapDocEntry)} AS step_doc_entry, t.${column(c.sapDocNum)} AS step_doc_num,
      t.${column(c.postingDate)}::text AS step_posting_date
    FROM (SELECT record_id, generation, min(id) AS id, max(id) AS last_id,
                 ${newest('posting_date')}::text AS posting_date, ${newest('amount')}::text AS amount,
                 (array_agg(idempotency_key ORDER BY id DESC))[1] AS idempotency_key,
                 ${newest('sap_doc_entry')} AS doc_entry, ${newest('sap_doc_num')} AS doc_num,
                 ${newest('requested_by_id')} AS requested_by,
                 max(finished_at) FILTER (WHERE outcome IN ('posted', 'found')) AS posted_at,
                 ${sapTotal('vat_amount')} AS vat, ${sapTotal('gross_amount')} AS gross,
                 (array_agg(error_message ORDER BY id DESC))[1] AS last_error
            FROM posting_attempts
           WHERE kind = ${step.kind} AND record_id IN (${ids})
           GROUP BY record_id, generation) g
    JOIN ${table} t ON t.id = g.record_id`;
}

/**
 * The postings of a page, light: per kind the attempts grouped by record and generation with only their first
 * and last attempt ids, joined to the step's state and to the last attempt for the filters. Answers each
 * posting's id, stored kind code and record id, and the total matching.
 */
function lightPart(step: PostingStep, filters: HistoryFilters): SQL {
  const table = sql.identifier(getTableName(step.table));
  const c = step.columns;
  const narrow: SQL[] = [];
  const range: SQL[] = [];
  if (filters.fromDate) range.push(sql`posting_date >= ${filters.fromDate}::date`);
  if (filters.toDate) range.push(sql`posting_date <= ${filters.toDate}::date`);
  // Each filter first narrows the records through an index or one pass over a table, so only their attempts
  // are grouped; the posting's own values are checked again outside (conditions). The search's ILIKEs are
  // served by the trigram indexes on trip_number and idempotency_key (migration 0010, PostgreSQL only); a
  // numeric search (DocEntry/DocNum) still scans, as nothing indexes those.
  if (range.length)
    narrow.push(sql`record_id IN (SELECT record_id FROM posting_attempts
                                   WHERE kind = ${step.kind} AND ${sql.join(range, sql` AND `)})`);
  const status = STEP_STATUSES[filters.status ?? 'posted'];
  if (status) narrow.push(sql`record_id IN (SELECT id FROM ${table} WHERE ${status(c)})`);
  const search = filters.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    const n = /^\d{1,9}$/.test(search) ? Number(search) : null;
    const byNumber = (entry: SQL, num: SQL) =>
      n === null ? sql`` : sql` OR ${entry} = ${n} OR ${num} = ${n}`;
    narrow.push(sql`record_id IN (
        SELECT id FROM ${table}
         WHERE trip_number ILIKE ${pattern}${byNumber(sql`${sql.identifier(c.sapDocEntry.name)}`, sql`${sql.identifier(c.sapDocNum.name)}`)}
        UNION
        SELECT record_id FROM posting_attempts
         WHERE kind = ${step.kind} AND (idempotency_key ILIKE ${pattern}${byNumber(sql`sap_doc_entry`, sql`sap_doc_num`)}))`);
  }
  return sql`SELECT g.id, g.last_id, g.record_id, g.generation, ${step.kind}::text AS kind,
      t.trip_number, t.${column(c.status)} AS step_status, t.${column(c.generation)} AS step_generation,
      t.${column(c.postingDate)} AS step_posting_date,
      t.${column(c.sapDocEntry)} AS step_doc_entry, t.${column(c.sapDocNum)} AS step_doc_num
    FROM (SELECT record_id, generation, min(id) AS id, max(id) AS last_id
            FROM posting_attempts
           WHERE kind = ${step.kind}${narrow.length ? sql` AND ${sql.join(narrow, sql` AND `)}` : sql``}
           GROUP BY record_id, generation) g
    JOIN ${table} t ON t.id = g.record_id`;
}

/** Where a posting of the light page passes the filters (`p` the light row, `la` its last attempt). */
function conditions(filters: HistoryFilters): SQL[] {
  const where: SQL[] = [];
  const postingDate = sql`coalesce(la.posting_date, CASE WHEN p.generation = p.step_generation THEN p.step_posting_date END)`;
  if (filters.fromDate) where.push(sql`${postingDate} >= ${filters.fromDate}::date`);
  if (filters.toDate) where.push(sql`${postingDate} <= ${filters.toDate}::date`);
  if (filters.status) where.push(sql`(${STATUS}) = ${filters.status}`);
  if (filters.since)
    where.push(sql`coalesce(la.finished_at, la.claimed_at) >= ${filters.since.toISOString()}::timestamptz`);
  const search = filters.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    const matches = [sql`p.trip_number ILIKE ${pattern}`, sql`la.idempotency_key ILIKE ${pattern}`];
    if (/^\d{1,9}$/.test(search)) {
      const n = Number(search);
      matches.push(
        sql`coalesce(la.sap_doc_entry, CASE WHEN p.generation = p.step_generation THEN p.step_doc_entry END) = ${n}`,
        sql`coalesce(la.sap_doc_num, CASE WHEN p.generation = p.step_generation THEN p.step_doc_num END) = ${n}`,
      );
    }
    where.push(sql`(${sql.join(matches, sql` OR `)})`);
  }
  return where;
}

const codes = (filters: HistoryFilters) =>
  sql.join(
    filters.kinds.map((name) => sql`${RECORD_KINDS_PLAIN[name].code}`),
    sql`, `,
  );

/**
 * The light statement: the page's postings (id, kind code, record id), newest first, with the total matching.
 * Unfiltered (the screen's first view), the page is read backwards along the attempts' primary key, keeping each
 * posting's first attempt, and stops after the page; only the total counts every posting.
 */
export function pageStatement(filters: HistoryFilters, page: { limit: number; offset: number }): SQL {
  const { fromDate, toDate, status, since } = filters;
  const search = filters.search?.trim();
  if (!fromDate && !toDate && !status && !since && !search) {
    return sql`SELECT a.id, a.kind, a.record_id,
             (SELECT count(*) FROM (SELECT DISTINCT kind, record_id, generation FROM posting_attempts
                                     WHERE kind IN (${codes(filters)})) d) AS total
        FROM posting_attempts a
       WHERE a.kind IN (${codes(filters)})
         AND NOT EXISTS (SELECT 1 FROM posting_attempts e
                          WHERE e.kind = a.kind AND e.record_id = a.record_id AND e.generation = a.generation
                            AND e.id < a.id)
       ORDER BY a.id DESC
       LIMIT ${page.limit} OFFSET ${page.offset}`;
  }
  const parts = filters.kinds.map((name) => lightPart(POSTING_STEPS[name], filters));
  const where = conditions(filters);
  const needsLast = fromDate || toDate || since || search;
  return sql`WITH p AS (${sql.join(parts, sql` UNION ALL `)})
    SELECT p.id, p.kind, p.record_id, count(*) OVER () AS total
      FROM p${needsLast ? sql` JOIN posting_attempts la ON la.id = p.last_id` : sql``}
     ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
     ORDER BY p.id DESC
     LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/** The postings whose ids are given (each with its kind code and record id), as the history shows them. */
export function rowsStatement(postings: readonly { id: number; kind: string; recordId: number }[]): SQL {
  const parts = RECORD_KIND_NAMES.flatMap((name) => {
    const step = POSTING_STEPS[name];
    const recordIds = [...new Set(postings.filter((p) => p.kind === step.kind).map((p) => p.recordId))];
    return recordIds.length ? [kindPart(step, recordIds)] : [];
  });
  const ids = sql.join(
    postings.map((p) => sql`${p.id}`),
    sql`, `,
  );
  return sql`WITH p AS (${sql.join(parts, sql` UNION ALL `)})
    SELECT p.id, p.api_name AS kind, p.record_id, p.generation, p.trip_number,
           coalesce(p.amount, p.record_amount) AS amount, p.currency, p.vat, p.gross,
           coalesce(p.posting_date, CASE WHEN p.generation = p.step_generation THEN p.step_posting_date END) AS posting_date,
           ${STATUS} AS status,
           coalesce(p.doc_entry, rv.sap_doc_entry, CASE WHEN p.generation = p.step_generation THEN p.step_doc_entry END) AS sap_doc_entry,
           coalesce(p.doc_num, rv.sap_doc_num, CASE WHEN p.generation = p.step_generation THEN p.step_doc_num END) AS sap_doc_num,
           p.idempotency_key, pu.name AS posted_by,
           CASE WHEN p.generation = p.step_generation AND p.step_status IN ('posted', 'reversing')
                THEN coalesce(p.step_posted_at, p.posted_at) ELSE p.posted_at END AS posted_at,
           CASE WHEN (${STATUS}) = 'failed' THEN coalesce(p.step_error, p.last_error) END AS message,
           ru.name AS reversed_by, rv.finished_at AS reversed_at,
           p.step_status, p.step_generation
      FROM p
      LEFT JOIN LATERAL (SELECT r.requested_by_id, r.finished_at, r.sap_doc_entry, r.sap_doc_num
                           FROM posting_reversals r
                          WHERE r.kind = p.kind AND r.record_id = p.record_id AND r.generation = p.generation
                            AND r.outcome = 'reversed'
                          ORDER BY r.id DESC LIMIT 1) rv ON true
      LEFT JOIN users ru ON ru.id = rv.requested_by_id
      LEFT JOIN users pu ON pu.id = CASE WHEN (${STATUS}) IN ('posted', 'reversed')
                                         THEN coalesce(CASE WHEN p.generation = p.step_generation THEN p.step_posted_by END, p.requested_by)
                                         ELSE p.requested_by END
     WHERE p.id IN (${ids})
     ORDER BY p.id DESC`;
}
