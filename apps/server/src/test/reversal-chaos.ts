import { kindOfCode, RECORD_KINDS_PLAIN } from '@ff/contract';
import { and, eq, inArray, min, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { postingAttempts, postingReversals } from '../db/schema.js';
import { POSTING_STEPS } from '../modules/posting/posting-steps.js';
import type { HttpClient } from './http-client.js';
import type { SentPost } from './ledger-proof.js';
import {
  chunks,
  COLUMNS,
  describeSeen,
  inLanes,
  PATH,
  postBodies,
  RECORD_KIND,
  sleep,
  STEPS,
  type Ids,
  type Step,
} from './mixed-posting.js';
import { storedRows, type PostingHarness } from './posting-harness.js';

/**
 * Tests only: driving reversals through the real route (POST /api/v1/postings/{id}/reverse) under faults, posting
 * half of the reversed records again, and proving afterwards that every reversal settled.
 */

/** The API the test talks to; `current` waits while the API process is being restarted. */
export type Connection = { current: Promise<HttpClient> };
export type Target = { step: Step; recordId: number; postingId: number };
export type ReversalChaos = { reversed: number; reposted: SentPost[]; answers: Record<string, number> };

/** Record id -> posting id of the posted postings of a step, from the posting history (GET /api/v1/postings). */
export async function postedPostings(client: HttpClient, step: Step) {
  const kind = RECORD_KINDS_PLAIN[kindOfCode(step)!].apiName;
  const found = new Map<number, number>();
  for (let page = 1; ; page += 1) {
    const answer = await client.get(`/api/v1/postings?kind=${kind}&status=posted&perPage=500&page=${page}`);
    expect(answer.status).toBe(200);
    for (const row of answer.body.data as { id: number; recordId: number }[]) found.set(row.recordId, row.id);
    if (page * 500 >= (answer.body.meta.total as number)) return found;
  }
}

export const outcomeOf = (answer: { status: number; body: any } | null) => {
  if (!answer) return 'no answer (API killed)';
  const message = String(answer.body?.message ?? '');
  if (answer.status === 200) return 'reversed';
  if (/already reversed/.test(message)) return 'already reversed (settled by the sweeper)';
  if (/did not confirm/.test(message)) return 'unconfirmed';
  if (/could not be reversed/.test(message)) return 'failed';
  if (/reverse its second journal first/.test(message)) return 'second journal standing';
  if (/still being confirmed/.test(message)) return 'second journal unconfirmed';
  if (answer.status === 409) return 'running elsewhere';
  return `${answer.status} ${message}`;
};

/**
 * What a reversal target's record holds now, for a timeout's message: every step's status and generation on its
 * row, the last attempts of each step of the record (outcome, rechecked) and its reversals.
 */
export async function recordNow(h: PostingHarness, t: Target) {
  const step = POSTING_STEPS[kindOfCode(t.step)!];
  const onRow = Object.values(POSTING_STEPS).filter((s) => s.table === step.table);
  const [row] = (await h.database.db
    .select(
      Object.fromEntries(
        onRow.flatMap((s) => [
          [`${s.kind} status`, sql`${s.columns.status}`],
          [`${s.kind} generation`, sql`${s.columns.generation}`],
        ]),
      ),
    )
    .from(step.table)
    .where(eq(step.table.id, t.recordId))) as Record<string, unknown>[];
  const kinds = onRow.map((s) => s.kind);
  const attempts = (
    await h.database.db
      .select({
        kind: postingAttempts.kind,
        generation: postingAttempts.generation,
        outcome: postingAttempts.outcome,
        rechecked: postingAttempts.recheckedAt,
        error: postingAttempts.errorMessage,
      })
      .from(postingAttempts)
      .where(and(eq(postingAttempts.recordId, t.recordId), inArray(postingAttempts.kind, kinds)))
      .orderBy(postingAttempts.id)
  ).slice(-6);
  const reversals = await h.database.db
    .select({
      kind: postingReversals.kind,
      generation: postingReversals.generation,
      outcome: postingReversals.outcome,
    })
    .from(postingReversals)
    .where(and(eq(postingReversals.recordId, t.recordId), inArray(postingReversals.kind, kinds)));
  return { row, attempts, reversals };
}

/** The posting id of a record step's current generation (its first attempt), or null before any attempt. */
export async function currentPosting(h: PostingHarness, step: Step, recordId: number) {
  const { table, columns } = POSTING_STEPS[kindOfCode(step)!];
  const [now] = await h.database.db
    .select({ generation: sql<number>`${columns.generation}` })
    .from(table)
    .where(eq(table.id, recordId));
  const [first] = await h.database.db
    .select({ id: min(postingAttempts.id) })
    .from(postingAttempts)
    .where(
      and(
        eq(postingAttempts.kind, step),
        eq(postingAttempts.recordId, recordId),
        eq(postingAttempts.generation, Number(now?.generation)),
      ),
    );
  return first?.id ? Number(first.id) : null;
}

/**
 * Asks for the reversal until the posting is reversed: SAP's answer may be lost, the API may die meanwhile.
 * `standing` is called when the record's second journal stands on it (a first journal whose second journal was
 * settled as posted after the targets were read: the sweeper finds an unconfirmed posting in SAP later); it
 * reverses that second journal, and the first journal is asked again.
 */
export async function reverseUntilDone(
  h: PostingHarness,
  connection: Connection,
  t: Target,
  answers: Record<string, number>,
  standing?: (t: Target) => Promise<void>,
) {
  const waitMs = 120_000;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const client = await connection.current;
    const answer = await client
      .post(`/api/v1/postings/${t.postingId}/reverse`, { reason: 'Chaos run: posted in error' })
      .catch(() => null);
    const outcome = outcomeOf(answer);
    answers[outcome] = (answers[outcome] ?? 0) + 1;
    if (outcome === 'reversed' || outcome.startsWith('already reversed')) return;
    if (answer && answer.status >= 500) throw new Error(`${t.step} ${t.recordId}: ${JSON.stringify(answer)}`);
    if (outcome === 'second journal standing' && standing) await standing(t);
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${waitMs} ms waiting for ${t.step} ${t.recordId} (posting ${t.postingId}) to be reversed; ` +
          `last answer: ${answer ? `${answer.status} ${JSON.stringify(answer.body)}` : 'none'}; ` +
          `the record now: ${describeSeen(await recordNow(h, t))}`,
      );
    await sleep(outcome === 'failed' || outcome === 'unconfirmed' ? 100 : 1_000);
  }
}

/**
 * Reverses every `every`th posted record of every kind (a first journal after its second journal, which is then
 * reversed too), `lanes` at a time, while `during` runs (the PostgreSQL run kills the API then); then posts half
 * of the reversed records of every kind again (a second journal where its first journal stands).
 * The targets are read once, before any reversal; a second journal settled as posted later (the sweeper found an
 * unconfirmed posting in SAP) is reversed when its first journal's reversal meets it, and counts as reversed.
 */
export async function reverseAndRepost(
  h: PostingHarness,
  connection: Connection,
  ids: Ids,
  options: { every: number; lanes: number; batch: number; during?: (settled: () => number) => Promise<void> },
): Promise<ReversalChaos> {
  const client = await connection.current;
  const posted = new Map<Step, Map<number, number>>();
  for (const step of STEPS) posted.set(step, await postedPostings(client, step));
  const pick = (step: Step, offset: number): Target[] => {
    const ours = new Set(step === 'SJ' ? ids.FJ : ids[step]);
    return [...posted.get(step)!]
      .filter(([recordId]) => ours.has(recordId))
      .sort(([a], [b]) => a - b)
      .filter((_, i) => i % options.every === offset)
      .map(([recordId, postingId]) => ({ step, recordId, postingId }));
  };
  const firstJournals = pick('FJ', 1);
  const first = STEPS.filter((s) => s !== 'FJ').flatMap((s) => pick(s, 0));
  for (const { recordId } of firstJournals) {
    const second = posted.get('SJ')!.get(recordId);
    if (second !== undefined && !first.some((t) => t.step === 'SJ' && t.recordId === recordId))
      first.push({ step: 'SJ', recordId, postingId: second });
  }
  const answers: Record<string, number> = {};
  const late: Target[] = [];
  const secondJournalOf = async (t: Target) => {
    const postingId = await currentPosting(h, 'SJ', t.recordId);
    if (postingId === null) return;
    const target: Target = { step: 'SJ', recordId: t.recordId, postingId };
    await reverseUntilDone(h, connection, target, answers);
    if (!late.some((l) => l.postingId === postingId)) late.push(target);
  };
  let settled = 0;
  const reverseAll = (targets: Target[]) =>
    inLanes(
      targets.map((t) => async () => {
        await reverseUntilDone(h, connection, t, answers, secondJournalOf);
        settled += 1;
      }),
      options.lanes,
    );
  await Promise.all([
    reverseAll(first).then(() => reverseAll(firstJournals)),
    options.during?.(() => settled / (first.length + firstJournals.length)),
  ]);

  const body = await postBodies(h);
  const reversed = [...first, ...late, ...firstJournals];
  const half = (step: Step) =>
    reversed.filter((t) => t.step === step).flatMap((t, i) => (i % 2 === 0 ? [t.recordId] : []));
  const reposted: SentPost[] = [];
  const repost = (step: Step, recordIds: number[]) =>
    chunks(recordIds, options.batch).map((batch) => async () => {
      const answer = await (await connection.current).post(PATH[step], body(step, batch));
      reposted.push({ step, ids: batch, status: answer.status, body: answer.body, generation: 2 });
    });
  await inLanes(
    STEPS.filter((s) => s !== 'SJ').flatMap((step) => repost(step, half(step))),
    options.lanes,
  );
  const standing = (await storedRows(h, RECORD_KIND.FJ, ids.FJ))
    .filter((r) => r[COLUMNS('FJ').status] === 'posted')
    .map((r) => r.id as number);
  await inLanes(
    repost(
      'SJ',
      half('SJ').filter((id) => standing.includes(id)),
    ),
    options.lanes,
  );
  return { reversed: reversed.length, reposted, answers };
}

/** Faults the simulator injected so far (5xx answers and dropped replies). */
export const faultCount = async (h: PostingHarness) => {
  const stats = (await h.sim.stats()) as unknown as { injectedErrors: number; droppedReplies: number };
  return stats.injectedErrors + stats.droppedReplies;
};

/** Reversals claimed and not settled: what a dead process leaves. */
export const pendingReversals = async (h: PostingHarness) =>
  (
    await h.database.db
      .select({ id: postingReversals.id })
      .from(postingReversals)
      .where(eq(postingReversals.outcome, 'pending'))
  ).length;

/** Once the faults are off: the reversal sweeper leaves nothing pending or unconfirmed behind. */
export async function expectReversalsSettled(h: PostingHarness) {
  const swept = await h.app.services.afterPosting.reversal.sweepOnce();
  expect(swept.unknown).toEqual([]);
  expect(await pendingReversals(h)).toBe(0);
}
