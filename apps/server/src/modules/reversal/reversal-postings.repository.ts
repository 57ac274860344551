import { and, eq, getTableName, inArray, min, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { kindOfCode, RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { ofPosting } from '../../db/posting-log.js';
import { postingAttempts } from '../../db/schema.js';
import { POSTING_STEPS, type PostingStep } from '../posting/posting-steps.js';
import type { SapDocumentRef } from '../../erp/sap-gateway.js';

/** One posting: one generation of one record step (its id is the smallest attempt id of that generation). */
export type Posting = {
  id: number;
  step: PostingStep;
  recordId: number;
  generation: number;
  idempotencyKey: string;
};

/** The record step a reversal works on, as locked or read. */
export type StepNow = {
  status: string;
  generation: number;
  sapDocEntry: number | null;
  sapDocNum: number | null;
  tripNumber: string | null;
  /**
   * Status of each step that requires this one (the second journal of a first journal), by kind name, and
   * whether its latest attempt is unconfirmed (the reply was lost and no look-up has settled it yet: SAP may
   * hold its document, and the sweeper marks it posted when it finds it).
   */
  dependents: { name: RecordKindName; status: string; unconfirmed: boolean }[];
};

const col = (c: PgColumn) => sql`${c}`;

/** The steps that must be posted after this one (the second journal requires the first): same table. */
export const dependentSteps = (step: PostingStep): PostingStep[] =>
  Object.values(POSTING_STEPS).filter(
    (s) => (RECORD_KINDS_PLAIN[s.name] as { requires?: string }).requires === step.name,
  );

/** Whether the step's latest attempt for the row ended `unknown` and no look-up since has settled it. */
const unconfirmedSql = (step: PostingStep) =>
  sql<boolean>`COALESCE((SELECT pa.outcome = 'unknown' AND pa.rechecked_at IS NULL FROM posting_attempts pa
    WHERE pa.kind = ${step.kind} AND pa.record_id = ${sql.raw(`"${getTableName(step.table)}"."id"`)}
    ORDER BY pa.id DESC LIMIT 1), false)`;

/**
 * SQL only: the posting a reversal works on, read from its attempts (a posting by id, SAP's keys of it) and its
 * record step now. Part of the reversal repository (createReversalRepository spreads it in).
 */
export function createPostingLookups(db: Db) {
  async function stepNow(step: PostingStep, recordId: number, tx: Db, lock: boolean) {
    const dependents = dependentSteps(step);
    const trip = (step.table as unknown as { tripNumber: PgColumn }).tripNumber;
    const query = tx
      .select({
        status: col(step.columns.status),
        generation: col(step.columns.generation),
        sapDocEntry: col(step.columns.sapDocEntry),
        sapDocNum: col(step.columns.sapDocNum),
        tripNumber: col(trip),
        ...Object.fromEntries(
          dependents.flatMap((d) => [
            [`dep_${d.name}`, col(d.columns.status)],
            [`unconfirmed_${d.name}`, unconfirmedSql(d)],
          ]),
        ),
      })
      .from(step.table)
      .where(eq(step.table.id, recordId));
    const [row] = (await (lock ? query.for('update') : query)) as Record<string, unknown>[];
    if (!row) return null;
    return {
      status: row.status as string,
      generation: Number(row.generation),
      sapDocEntry: (row.sapDocEntry as number | null) ?? null,
      sapDocNum: (row.sapDocNum as number | null) ?? null,
      tripNumber: (row.tripNumber as string | null) ?? null,
      dependents: dependents.map((d) => ({
        name: d.name,
        status: row[`dep_${d.name}`] as string,
        unconfirmed: row[`unconfirmed_${d.name}`] === true,
      })),
    } satisfies StepNow;
  }

  return {
    /**
     * The posting with this id, or null when no posting has it (an attempt id that is not a generation's first)
     * or, when `kinds` is given, when it is of a kind not among them (the caller may not view it: answered as
     * if it did not exist).
     */
    async posting(id: number, kinds?: readonly RecordKindName[]): Promise<Posting | null> {
      const [attempt] = await db
        .select({
          kind: postingAttempts.kind,
          recordId: postingAttempts.recordId,
          generation: postingAttempts.generation,
          idempotencyKey: postingAttempts.idempotencyKey,
        })
        .from(postingAttempts)
        .where(eq(postingAttempts.id, id));
      const name = attempt && kindOfCode(attempt.kind);
      if (!attempt || !name || (kinds && !kinds.includes(name))) return null;
      const [first] = await db
        .select({ id: min(postingAttempts.id) })
        .from(postingAttempts)
        .where(ofPosting(postingAttempts, attempt));
      if (Number(first?.id) !== id) return null;
      return { id, step: POSTING_STEPS[name], ...attempt };
    },

    /** The record step now; `lock` holds it FOR UPDATE in the caller's transaction. */
    stepNow: (step: PostingStep, recordId: number, tx: Db = db, lock = false) =>
      stepNow(step, recordId, tx, lock),

    /** SAP's keys of the posting, as its attempts recorded them (posted or found). */
    async postedRef(posting: Posting): Promise<SapDocumentRef | null> {
      const [row] = await db
        .select({ docEntry: postingAttempts.sapDocEntry, docNum: postingAttempts.sapDocNum })
        .from(postingAttempts)
        .where(
          and(
            ofPosting(postingAttempts, { ...posting, kind: posting.step.kind }),
            inArray(postingAttempts.outcome, ['posted', 'found']),
          ),
        )
        .orderBy(sql`${postingAttempts.id} desc`)
        .limit(1);
      return row?.docEntry ? row : null;
    },
  };
}
