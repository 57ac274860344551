import { and, eq, getTableColumns, getTableName, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { postingAttempts } from '../../db/schema.js';
import {
  assignments,
  amountColumn,
  stateColumns,
  type PostingStep,
  type StepRow,
  type StepState,
} from './posting-steps.js';

const CLAIMABLE = ['unposted', 'failed'] as const;

/** A row claimed for posting: its attempt, its key, and the keys of earlier attempts SAP may hold it under. */
export type ClaimedAttempt = { attemptId: number; key: string; earlierKeys: string[] };

/** Outcomes of an earlier attempt after which the document may exist in SAP under that attempt's key. */
const UNCERTAIN = ['pending', 'unknown', 'posted', 'found'] as const;

/** A row locked for claiming, with its step's state and the status of the step it requires. */
type Locked<S extends PostingStep> = { row: StepRow<S>; state: StepState; requiredStatus: string | null };

/**
 * SQL of claiming rows and holding them: locking and claiming the requested rows (one attempt each), and the
 * lease of an open attempt while its poster works. Part of the posting repository (createPostingRepository
 * spreads it in).
 */
export function createClaimQueries(db: Db) {
  /**
   * The keys of this record's attempts before `attemptId` that may have created the document in SAP (of the same
   * generation): empty when none may have. A key written before migration 0012 (from the serial id) differs from
   * the record's key now, so the look-up before the next POST asks for both.
   */
  async function uncertainKeys(step: PostingStep, recordId: number, attemptId: number): Promise<string[]> {
    const earlier = await db
      .selectDistinct({ key: postingAttempts.idempotencyKey })
      .from(postingAttempts)
      .where(
        and(
          eq(postingAttempts.kind, step.kind),
          eq(postingAttempts.recordId, recordId),
          lt(postingAttempts.id, attemptId),
          inArray(postingAttempts.outcome, [...UNCERTAIN]),
          // Earlier generations' documents were cancelled and carry other keys.
          // (The attempt's generation; for an attempt not opened yet, the record's current one.)
          sql`${postingAttempts.generation} = coalesce(
            (SELECT pa.generation FROM posting_attempts pa WHERE pa.id = ${attemptId}),
            (SELECT ${sql.identifier(step.columns.generation.name)} FROM ${step.table} WHERE id = ${recordId}))`,
        ),
      );
    return earlier.map((e) => e.key);
  }

  const queries = {
    /** Locks the requested rows for this transaction (in id order), so two posters of the same rows run one after the other. */
    async lockRows<S extends PostingStep>(step: S, ids: number[], tx: Db): Promise<Locked<S>[]> {
      if (!ids.length) return [];
      // The status of the step this one requires (the first journal's, for the second), when it has one.
      const requiredStatus = step.requiresPosted
        ? sql<string | null>`${step.requiresPosted}`
        : sql<null>`NULL`;
      return (await tx
        .select({ row: getTableColumns(step.table), state: stateColumns(step), requiredStatus })
        .from(step.table)
        .where(inArray(step.table.id, ids))
        .orderBy(step.table.id)
        .for('update')) as Locked<S>[];
    },

    /**
     * Moves rows to `posting` (or `queued`) with the users' inputs and opens one attempt each, in the caller's
     * transaction (the rows are locked by `lockRows`). Rows sharing a posting date and inputs move in one
     * statement. Answers, per claimed record id, its attempt, its key and the keys of earlier attempts that may
     * have created the document (`uncertainKeys`); a row no longer claimable is left out.
     */
    async claimMany(
      step: PostingStep,
      inputs: { id: number; postingDate: string; extra?: Record<string, unknown> }[],
      options: { userId: number | null; queued: boolean },
      tx: Db,
    ): Promise<Map<number, ClaimedAttempt>> {
      const claimedIds: number[] = [];
      const stepState = new Map<
        number,
        { generation: number; key: string; amount: string | null; postingDate: string }
      >();
      const groups = new Map<
        string,
        { postingDate: string; extra: Record<string, unknown>; ids: number[] }
      >();
      for (const input of inputs) {
        const extra = input.extra ?? {};
        const key = JSON.stringify([input.postingDate, extra]);
        const group = groups.get(key) ?? { postingDate: input.postingDate, extra, ids: [] };
        group.ids.push(input.id);
        groups.set(key, group);
      }
      for (const group of groups.values()) {
        const conditions = [inArray(step.table.id, group.ids), inArray(step.columns.status, [...CLAIMABLE])];
        if (step.requiresPosted) conditions.push(eq(step.requiresPosted, 'posted'));
        const updated = await tx
          .update(step.table)
          .set({
            ...assignments(step, [
              [step.columns.status, options.queued ? 'queued' : 'posting'],
              [step.columns.postingDate, group.postingDate],
              [step.columns.postedById, options.userId],
            ]),
            updatedAt: new Date(),
            ...group.extra,
          })
          .where(and(...conditions))
          .returning({
            id: step.table.id,
            generation: step.columns.generation,
            key: step.columns.postingKey,
            amount: amountColumn(step),
          });
        for (const row of updated) {
          claimedIds.push(row.id as number);
          stepState.set(row.id as number, {
            generation: Number(row.generation ?? 1),
            key: String(row.key),
            amount: row.amount === null || row.amount === undefined ? null : String(row.amount),
            postingDate: group.postingDate,
          });
        }
      }
      const claimed = new Map<number, ClaimedAttempt>();
      if (!claimedIds.length) return claimed;
      // Earlier attempts first: every attempt that exists now is earlier than the ones opened below.
      const uncertain = await tx
        .selectDistinct({
          recordId: postingAttempts.recordId,
          generation: postingAttempts.generation,
          key: postingAttempts.idempotencyKey,
        })
        .from(postingAttempts)
        .where(
          and(
            eq(postingAttempts.kind, step.kind),
            inArray(postingAttempts.recordId, claimedIds),
            inArray(postingAttempts.outcome, [...UNCERTAIN]),
          ),
        );
      // Only an attempt of the same generation can have created this posting's document (its key is the generation's).
      const earlierKeys = new Map<number, string[]>();
      for (const r of uncertain)
        if (stepState.get(r.recordId)?.generation === r.generation)
          earlierKeys.set(r.recordId, [...(earlierKeys.get(r.recordId) ?? []), r.key]);
      const attempts = await tx
        .insert(postingAttempts)
        .values(
          claimedIds.map((id) => {
            const { generation, key, amount, postingDate } = stepState.get(id)!;
            return {
              kind: step.kind,
              recordId: id,
              generation,
              idempotencyKey: key,
              requestedById: options.userId,
              postingDate,
              amount,
            };
          }),
        )
        .returning({ id: postingAttempts.id, recordId: postingAttempts.recordId });
      for (const attempt of attempts)
        claimed.set(attempt.recordId, {
          attemptId: attempt.id,
          key: stepState.get(attempt.recordId)!.key,
          earlierKeys: earlierKeys.get(attempt.recordId) ?? [],
        });
      return claimed;
    },

    /** `claimMany` for one row: its attempt's id, or null when the row is no longer claimable. */
    async claim(
      step: PostingStep,
      input: {
        id: number;
        postingDate: string;
        userId: number | null;
        extra?: Record<string, unknown>;
        queued?: boolean;
      },
      tx: Db,
    ): Promise<number | null> {
      const opened = await queries.claimMany(
        step,
        [input],
        { userId: input.userId, queued: input.queued ?? false },
        tx,
      );
      return opened.get(input.id)?.attemptId ?? null;
    },

    /**
     * The poster is about to talk to SAP for this attempt: renews its lease, and answers the keys of earlier
     * attempts that may have created the document (`uncertainKeys`; `known` when the caller has them). Answers
     * null when the attempt is no longer open (someone else resolved the row): then nothing may be posted.
     */
    async begin(
      step: PostingStep,
      recordId: number,
      attemptId: number,
      known?: { earlierKeys: string[] },
    ): Promise<{ earlierKeys: string[] } | null> {
      const renewed = await db
        .update(postingAttempts)
        .set({ startedAt: new Date() })
        .where(and(eq(postingAttempts.id, attemptId), eq(postingAttempts.outcome, 'pending')))
        .returning({ id: postingAttempts.id });
      if (!renewed.length) return null;
      return { earlierKeys: known ? known.earlierKeys : await uncertainKeys(step, recordId, attemptId) };
    },

    uncertainKeys,

    /**
     * The keys of the requested rows that are claimable and have no attempt of their generation after which SAP
     * may hold their document: read before the claim, so SAP can be asked for them while the rows are claimed
     * (posting.service.ts, `prefetchLookUps`). Answers record id -> key. The answer counts only for a row whose
     * claim then finds the same key and no earlier uncertain attempt (`earlierKeys` empty): an attempt opened in
     * between makes `earlierKeys` non-empty, and a reversal in between changes the key.
     */
    async freshKeys(step: PostingStep, ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      // Qualified by hand: drizzle leaves a column unqualified in a select list, which inside the subquery
      // would resolve to posting_attempts' own column of the same name.
      const table = sql.identifier(getTableName(step.table));
      const generation = sql.join([table, sql.identifier(step.columns.generation.name)], sql.raw('.'));
      const id = sql.join([table, sql.identifier('id')], sql.raw('.'));
      const rows = await db
        .select({ id: step.table.id, key: step.columns.postingKey })
        .from(step.table)
        .where(
          and(
            inArray(step.table.id, ids),
            inArray(step.columns.status, [...CLAIMABLE]),
            sql`NOT EXISTS (SELECT 1 FROM posting_attempts pa WHERE pa.kind = ${step.kind}
              AND pa.record_id = ${id} AND pa.generation = ${generation}
              AND pa.outcome IN (${sql.join(
                UNCERTAIN.map((o) => sql`${o}`),
                sql`, `,
              )}))`,
          ),
        );
      return new Map(rows.map((r) => [Number(r.id), String(r.key)]));
    },

    /** Renews the leases of these attempts (those still open), while their poster works on them. */
    async renewLeases(attemptIds: number[]): Promise<void> {
      if (!attemptIds.length) return;
      await db
        .update(postingAttempts)
        .set({ startedAt: new Date() })
        .where(and(inArray(postingAttempts.id, attemptIds), eq(postingAttempts.outcome, 'pending')));
    },
  };
  return queries;
}
