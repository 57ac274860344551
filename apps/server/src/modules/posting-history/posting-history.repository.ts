import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type PostingRow, type RecordKindName } from '@ff/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { ofPosting, type PostingKey, type PostingLog } from '../../db/posting-log.js';
import { postingAttempts, postingReversals, users, type PostingKind } from '../../db/schema.js';
import { POSTING_STEPS } from '../posting/posting-steps.js';
import { pageStatement, rowsStatement, type HistoryFilters } from './posting-history.statement.js';

/**
 * A posting as the history lists it, its times still instants (the service answers them in APP_TIMEZONE), with
 * what the detail and the reversal rules need beside it.
 */
export type HistoryPosting = Omit<PostingRow, 'postedAt' | 'reversedAt'> & {
  postedAt: Date | null;
  reversedAt: Date | null;
  /** The kind's internal name, its stored code ('CA', ...) and the posting's generation. */
  name: RecordKindName;
  code: string;
  generation: number;
  /** The record step's own status and generation now. */
  stepStatus: string;
  stepGeneration: number;
};

type RawRow = Record<string, unknown>;

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const instant = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date);
/** A numeric(14,2) as its decimal text with two places (the database may answer '1200' or '1200.00'). */
const money = (value: unknown) => {
  const t = text(value);
  if (t === null || !/^-?\d+(\.\d+)?$/.test(t)) return t;
  const [whole, fraction = ''] = t.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
};

/** The kind by its list API name. */
const BY_API_NAME = new Map(
  RECORD_KIND_NAMES.map((name) => [RECORD_KINDS_PLAIN[name].apiName as string, name]),
);
export const kindOfApiName = (apiName: string) => BY_API_NAME.get(apiName);

function toPosting(r: RawRow): HistoryPosting {
  const name = BY_API_NAME.get(String(r.kind))!;
  const [vat, gross] = [money(r.vat), money(r.gross)];
  return {
    id: Number(r.id),
    kind: String(r.kind),
    recordId: Number(r.record_id),
    tripNumber: text(r.trip_number),
    amount: money(r.amount),
    currency: text(r.currency),
    // SAP's VAT and gross, only on a posting whose SAP document has them (an invoice with a VAT group).
    ...(vat !== null && gross !== null ? { vat, gross } : {}),
    postingDate: text(r.posting_date)?.slice(0, 10) ?? null,
    status: r.status as PostingRow['status'],
    sapDocEntry: num(r.sap_doc_entry),
    sapDocNum: num(r.sap_doc_num),
    idempotencyKey: String(r.idempotency_key),
    postedBy: text(r.posted_by),
    postedAt: instant(r.posted_at),
    message: text(r.message),
    reversedBy: text(r.reversed_by),
    reversedAt: instant(r.reversed_at),
    name,
    code: RECORD_KINDS_PLAIN[name].code,
    generation: Number(r.generation),
    stepStatus: String(r.step_status),
    stepGeneration: Number(r.step_generation),
  };
}

export function createPostingHistoryRepository(db: Db) {
  /** The postings of these ids (kind code and record id known), newest first. */
  async function build(postings: { id: number; kind: string; recordId: number }[]) {
    if (!postings.length) return [];
    return rowsOf<RawRow>(await db.execute(rowsStatement(postings))).map(toPosting);
  }

  async function run(filters: HistoryFilters, page: { limit: number; offset: number }) {
    if (!filters.kinds.length) return { rows: [] as HistoryPosting[], total: 0 };
    let found = rowsOf<RawRow>(await db.execute(pageStatement(filters, page)));
    let total = found.length ? Number(found[0]!.total) : 0;
    if (!found.length && page.offset > 0) {
      // Past the last page: the window count is not there, so count on the first page's statement.
      const first = rowsOf<RawRow>(await db.execute(pageStatement(filters, { limit: 1, offset: 0 })));
      total = first.length ? Number(first[0]!.total) : 0;
      found = [];
    }
    const keys = found.map((r) => ({
      id: Number(r.id),
      kind: String(r.kind),
      recordId: Number(r.record_id),
    }));
    return { rows: await build(keys), total };
  }

  /** The `fields` of one posting's rows in `log`, oldest first, with the requester's name. */
  function ofOnePosting<F extends SelectedFields>(log: PostingLog, fields: F, posting: PostingKey) {
    return db
      .select({ ...fields, actor: users.name })
      .from(log)
      .leftJoin(users, eq(users.id, log.requestedById))
      .where(ofPosting(log, posting))
      .orderBy(asc(log.id));
  }

  return {
    /** One page of postings matching the filters, newest first, and how many match in all. */
    page: (filters: HistoryFilters, page: number, perPage: number) =>
      run(filters, { limit: perPage, offset: (page - 1) * perPage }),

    /** How many postings match (a summary's figure). */
    count: async (filters: HistoryFilters) => (await run(filters, { limit: 1, offset: 0 })).total,

    /** One posting by id, among the kinds given; null when there is none (or the id is not a posting's). */
    async find(id: number, kinds: readonly RecordKindName[]): Promise<HistoryPosting | null> {
      const [attempt] = await db
        .select({ kind: postingAttempts.kind, recordId: postingAttempts.recordId })
        .from(postingAttempts)
        .where(eq(postingAttempts.id, id));
      if (!attempt || !kinds.some((name) => RECORD_KINDS_PLAIN[name].code === attempt.kind)) return null;
      const [row] = await build([{ id, kind: attempt.kind, recordId: attempt.recordId }]);
      return row ?? null;
    },

    /** Every attempt of one posting, oldest first, with the requester's name. */
    attempts: (code: string, recordId: number, generation: number) =>
      ofOnePosting(
        postingAttempts,
        {
          id: postingAttempts.id,
          outcome: postingAttempts.outcome,
          claimedAt: postingAttempts.claimedAt,
          sentAt: postingAttempts.sentAt,
          finishedAt: postingAttempts.finishedAt,
          recheckedAt: postingAttempts.recheckedAt,
          postingDate: postingAttempts.postingDate,
          idempotencyKey: postingAttempts.idempotencyKey,
          sapDocEntry: postingAttempts.sapDocEntry,
          sapDocNum: postingAttempts.sapDocNum,
          errorMessage: postingAttempts.errorMessage,
          requestedById: postingAttempts.requestedById,
          document: postingAttempts.document,
        },
        { kind: code as PostingKind, recordId, generation },
      ),

    /**
     * Of these records of one kind, those still to post whose latest posting was reversed in SAP, with who asked
     * and why (issue 26, defect 8). A record posted again (or queued to be) is not answered. Served by
     * posting_reversals_record_idx (kind, record_id) and the kind's primary key.
     */
    async latestReversals(name: RecordKindName, recordIds: readonly number[]) {
      if (recordIds.length === 0) return [];
      const step = POSTING_STEPS[name];
      return db
        .selectDistinctOn([postingReversals.recordId], {
          recordId: postingReversals.recordId,
          postingId: postingReversals.postingId,
          reason: postingReversals.reason,
          finishedAt: postingReversals.finishedAt,
          reversedBy: users.name,
        })
        .from(postingReversals)
        .innerJoin(step.table, eq(step.table.id, postingReversals.recordId))
        .leftJoin(users, eq(users.id, postingReversals.requestedById))
        .where(
          and(
            eq(postingReversals.kind, step.kind as PostingKind),
            inArray(postingReversals.recordId, [...recordIds]),
            eq(postingReversals.outcome, 'reversed'),
            // Still the posting after the reversal, not posted again (nor on its way).
            sql`${step.columns.generation} = ${postingReversals.generation} + 1`,
            sql`${step.columns.status} IN ('unposted', 'failed')`,
          ),
        )
        .orderBy(postingReversals.recordId, desc(postingReversals.generation), desc(postingReversals.id));
    },

    /** Every reversal request of one posting, oldest first, with the requester's name. */
    reversals: (code: string, recordId: number, generation: number) =>
      ofOnePosting(
        postingReversals,
        {
          id: postingReversals.id,
          outcome: postingReversals.outcome,
          reason: postingReversals.reason,
          claimedAt: postingReversals.claimedAt,
          sentAt: postingReversals.sentAt,
          finishedAt: postingReversals.finishedAt,
          cancelDocEntry: postingReversals.cancelDocEntry,
          cancelDocNum: postingReversals.cancelDocNum,
          errorMessage: postingReversals.errorMessage,
        },
        { kind: code as PostingKind, recordId, generation },
      ),
  };
}

export type PostingHistoryRepository = ReturnType<typeof createPostingHistoryRepository>;
