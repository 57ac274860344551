import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { POSTING_STEPS, type PostingStep } from '../posting/posting-steps.js';
import type { PostingStatus } from '../records/kinds/shared/columns.js';
import type { AdoptionBasis } from './adoption.js';
import { centsOfDecimal, sentAmountAndDate } from './amounts.js';
import type { KeyedRecord, OurPosting } from './sides.js';
import type { DecodedKey } from './keys.js';

export type DayRange = { fromDate: string; toDate: string };

const col = (c: PgColumn) => sql.identifier(c.name);
const tableOf = (step: PostingStep) => sql.identifier(getTableName(step.table));
const columnOf = (step: PostingStep, field: string) =>
  (step.table as unknown as Record<string, PgColumn>)[field]!;
const list = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The attempt that posted a record step's generation: what was sent (document), the day and the amount. */
const postedAttempt = (kind: SQL, recordId: SQL, generation: SQL) => {
  // Each value from the attempt SAP confirmed, else the generation's latest attempt that has it: the sweeper's
  // attempts (a look-up that found the document) carry no document or day of their own, and a poster whose
  // attempt the sweeper had closed as unknown still records the document it created.
  const latest = (value: string, alias: string) =>
    sql.raw(`(array_agg(${value} ORDER BY (pa.outcome IN ('posted', 'found')) DESC, pa.id DESC)
             FILTER (WHERE ${value} IS NOT NULL))[1] AS "${alias}"`);
  return sql`
  LEFT JOIN LATERAL (
    SELECT ${latest('pa.document', 'document')}, ${latest('pa.posting_date::text', 'attemptDate')},
           ${latest('pa.amount::text', 'attemptAmount')}, ${latest('pa.idempotency_key', 'attemptKey')}
      FROM posting_attempts pa
     WHERE pa.kind = ${kind} AND pa.record_id = ${recordId} AND pa.generation = ${generation}) a ON true`;
};

type PostedRow = {
  id: number;
  tripNumber: string | null;
  generation: number;
  docEntry: number | null;
  docNum: number | null;
  postingDate: string | null;
  amount: string | null;
  document: unknown;
  attemptDate: string | null;
  attemptAmount: string | null;
  /** The key the posting went to SAP under (one written before migration 0012 is not the row's key now). */
  attemptKey: string | null;
  /** The step's key now (posting_key). */
  key: string;
};

/** What we sent for a posting: the stored document's amount and date, else the attempt's, else the record's. */
function sentOf(name: RecordKindName, row: Omit<PostedRow, 'id' | 'tripNumber' | 'generation'>) {
  const stored = row.document as { payload?: unknown } | null;
  const payload =
    stored && typeof stored.payload === 'object' && stored.payload !== null
      ? (stored.payload as Record<string, unknown>)
      : undefined;
  const sent = payload
    ? sentAmountAndDate(RECORD_KINDS_PLAIN[name].sap.entity, payload)
    : { cents: null, date: null };
  return {
    cents: sent.cents ?? centsOfDecimal(row.attemptAmount) ?? centsOfDecimal(row.amount),
    measure: sent.foreign
      ? ('foreign' as const)
      : sent.cents !== null
        ? ('sent' as const)
        : ('record' as const),
    postingDate: sent.date ?? row.attemptDate ?? row.postingDate,
    // The currency of a foreign-currency document's amounts (issue 25): the difference shows it beside them.
    ...(sent.currency ? { currency: sent.currency } : {}),
  };
}

type KeyedRow = Omit<PostedRow, 'docEntry' | 'docNum' | 'postingDate'> & {
  status: PostingStatus;
  documentDay: string;
};

/**
 * What a posting of a record step's current generation stands for: what its attempt sent (or the amount it was
 * claimed for), else the record's amount; the date only its own attempt chose (the row's posting date may be a
 * reversed generation's).
 */
function basisOf(name: RecordKindName, row: KeyedRow): AdoptionBasis {
  const sent = sentOf(name, { ...row, docEntry: null, docNum: null, postingDate: null });
  return {
    cents: sent.cents,
    measure: sent.measure,
    postingDate: sent.postingDate,
    documentDay: row.documentDay,
    ...(sent.currency ? { currency: sent.currency } : {}),
  };
}

/**
 * SQL only: our side of a reconciliation, read from the record steps and their attempts: our postings over a
 * range of posting days or by key (current ones and ones we reversed), and the record steps SAP's keys name.
 * Part of the reconciliation repository (createReconciliationRepository spreads it in). `timeZone`
 * (APP_TIMEZONE) tells a record's document day.
 */
export function createOurPostingQueries(db: Db, timeZone: string) {
  /** A step's current postings (posted, or being reversed) matching `where`. */
  async function postedOf(name: RecordKindName, where: SQL): Promise<OurPosting[]> {
    const step = POSTING_STEPS[name];
    const c = step.columns;
    const amount = columnOf(step, RECORD_KINDS_PLAIN[name].amountField);
    const result = await db.execute(sql`
      SELECT r.id, r.trip_number AS "tripNumber", r.${col(c.generation)} AS generation,
             r.${col(c.sapDocEntry)} AS "docEntry", r.${col(c.sapDocNum)} AS "docNum",
             r.${col(c.postingDate)}::text AS "postingDate", r.${col(amount)}::text AS amount,
             r.${col(c.postingKey)} AS key, a.*
        FROM ${tableOf(step)} r
        ${postedAttempt(sql`${step.kind}`, sql`r.id`, sql`r.${col(c.generation)}`)}
       WHERE r.${col(c.status)} IN ('posted', 'reversing') AND ${where}`);
    return rowsOf<PostedRow>(result).map((row) => ({
      kind: name,
      recordId: Number(row.id),
      tripNumber: row.tripNumber,
      key: row.attemptKey ?? row.key,
      docEntry: row.docEntry,
      docNum: row.docNum,
      ...sentOf(name, row),
      state: 'posted' as const,
    }));
  }

  /** Earlier postings we cancelled in SAP (a reversal succeeded): SAP should show them cancelled. */
  async function reversedOf(where: SQL): Promise<OurPosting[]> {
    const result = await db.execute(sql`
      SELECT rv.kind, rv.record_id AS "recordId", rv.idempotency_key AS key,
             rv.sap_doc_entry AS "docEntry", rv.sap_doc_num AS "docNum", a.*
        FROM posting_reversals rv
        ${postedAttempt(sql`rv.kind`, sql`rv.record_id`, sql`rv.generation`)}
       WHERE rv.outcome = 'reversed' AND ${where}`);
    const rows = rowsOf<
      Omit<PostedRow, 'id' | 'tripNumber' | 'generation' | 'postingDate' | 'amount'> & {
        kind: string;
        recordId: number;
        key: string;
      }
    >(result);
    const byKey = new Map<string, OurPosting>();
    for (const row of rows) {
      const name = RECORD_KIND_NAMES.find((n) => RECORD_KINDS_PLAIN[n].code === row.kind);
      if (!name || byKey.has(row.key)) continue;
      byKey.set(row.key, {
        kind: name,
        recordId: Number(row.recordId),
        tripNumber: null,
        key: row.key,
        docEntry: row.docEntry,
        docNum: row.docNum,
        ...sentOf(name, { ...row, postingDate: null, amount: null }),
        state: 'reversed',
      });
    }
    const postings = [...byKey.values()];
    await fillTrips(postings);
    return postings;
  }

  async function tripsOf(name: RecordKindName, ids: number[]) {
    if (!ids.length) return [];
    const step = POSTING_STEPS[name];
    const c = step.columns;
    const result = await db.execute(sql`
      SELECT r.id, r.trip_number AS "tripNumber", r.${col(c.status)} AS status, r.${col(c.generation)} AS generation
        FROM ${tableOf(step)} r WHERE r.id IN (${list(ids)})`);
    return rowsOf<{ id: number; tripNumber: string | null; status: PostingStatus; generation: number }>(
      result,
    );
  }

  /** Record steps by id with their current generation's basis; `lock`: FOR UPDATE, inside `tx`. */
  async function keyedRowsOf(name: RecordKindName, ids: number[], tx: Db = db, lock = false) {
    if (!ids.length) return [];
    const step = POSTING_STEPS[name];
    const c = step.columns;
    const amount = columnOf(step, RECORD_KINDS_PLAIN[name].amountField);
    const result = await tx.execute(sql`
      SELECT r.id, r.trip_number AS "tripNumber", r.${col(c.status)} AS status,
             r.${col(c.generation)} AS generation, r.${col(amount)}::text AS amount,
             to_char(r.${col(columnOf(step, 'documentDate'))} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')
               AS "documentDay", a.*
        FROM ${tableOf(step)} r
        ${postedAttempt(sql`${step.kind}`, sql`r.id`, sql`r.${col(c.generation)}`)}
       WHERE r.id IN (${list(ids)}) ${lock ? sql`FOR UPDATE OF r` : sql``}`);
    return rowsOf<KeyedRow>(result).map((row) => ({
      id: Number(row.id),
      tripNumber: row.tripNumber,
      status: row.status,
      generation: Number(row.generation),
      basis: basisOf(name, row),
    }));
  }

  async function fillTrips(postings: OurPosting[]) {
    for (const name of RECORD_KIND_NAMES) {
      const mine = postings.filter((p) => p.kind === name);
      const trips = new Map(
        (await tripsOf(name, [...new Set(mine.map((p) => p.recordId))])).map((r) => [
          Number(r.id),
          r.tripNumber,
        ]),
      );
      for (const posting of mine) posting.tripNumber = trips.get(posting.recordId) ?? null;
    }
  }

  return {
    /** Every posting of ours whose posting date is in the range: current ones and reversed ones. */
    async oursInRange(range: DayRange): Promise<OurPosting[]> {
      const posted: OurPosting[] = [];
      for (const name of RECORD_KIND_NAMES) {
        const day = POSTING_STEPS[name].columns.postingDate;
        posted.push(
          ...(await postedOf(name, sql`r.${col(day)} BETWEEN ${range.fromDate} AND ${range.toDate}`)),
        );
      }
      // Old attempts have no posting_date: those are kept here and decided by the document's date below.
      const reversed = await reversedOf(
        sql`(a."attemptDate" IS NULL OR a."attemptDate" BETWEEN ${range.fromDate} AND ${range.toDate})`,
      );
      const inRange = (p: OurPosting) =>
        p.postingDate !== null && p.postingDate >= range.fromDate && p.postingDate <= range.toDate;
      return [...posted, ...reversed.filter(inRange)];
    },

    /** Our postings (current or reversed) carrying these keys, whatever their dates. */
    async oursByKeys(keys: Map<string, DecodedKey>): Promise<OurPosting[]> {
      if (!keys.size) return [];
      const found: OurPosting[] = [];
      for (const name of RECORD_KIND_NAMES) {
        const ids = [...keys.values()].filter((k) => k.kind === name).map((k) => k.recordId);
        if (!ids.length) continue;
        const posted = await postedOf(name, sql`r.id IN (${list(ids)})`);
        found.push(...posted.filter((p) => keys.has(p.key)));
      }
      found.push(...(await reversedOf(sql`rv.idempotency_key IN (${list([...keys.keys()])})`)));
      return found;
    },

    /** The record steps these keys name, as they stand (keyed by the key). */
    async recordsByKeys(keys: Map<string, DecodedKey>): Promise<Map<string, KeyedRecord>> {
      const records = new Map<string, KeyedRecord>();
      for (const name of RECORD_KIND_NAMES) {
        const wanted = [...keys].filter(([, k]) => k.kind === name);
        const ids = [...new Set(wanted.map(([, k]) => k.recordId))];
        const rows = new Map((await keyedRowsOf(name, ids)).map((r) => [r.id, r]));
        for (const [key, decoded] of wanted) {
          const row = rows.get(decoded.recordId);
          if (row) records.set(key, { ...row, kind: name, recordId: decoded.recordId });
        }
      }
      return records;
    },

    /** A record step as adopting SAP's document for it needs it, locked until `tx` ends; undefined when none. */
    async lockedRecord(tx: Db, target: DecodedKey) {
      const [row] = await keyedRowsOf(target.kind, [target.recordId], tx, true);
      return row && { ...row, kind: target.kind, recordId: target.recordId };
    },
  };
}
