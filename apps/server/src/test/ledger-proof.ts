import { kindOfCode, RECORD_KINDS_PLAIN } from '@ff/contract';
import { expect } from 'vitest';
import { postingAttempts, postingReversals } from '../db/schema.js';
import { generationOf, POSTING_STEPS } from '../modules/posting/posting-steps.js';
import type { HttpClient } from './http-client.js';
import { docEntryOf, isCancellation, keyAt, reversedProblems } from './ledger-documents.js';
import { COLUMNS, PATH, RECORD_KIND, STEPS, type Ids, type Sent, type Step } from './mixed-posting.js';
import { documentsByKey, storedRows, type PostingHarness } from './posting-harness.js';

/** Tests only: the proof of exactly-once after a mixed load (mixed-posting.ts), from the simulator's read-back. */

/** A post request as sent; `generation` (default 1) is the posting the rows were at (2 after one reversal). */
export type SentPost = Sent & { generation?: number };

export type Figures = {
  records: number;
  /** Postings sent (one per record step and generation): posted + failed + reversed. */
  postings: number;
  posted: number;
  failed: number;
  /** Earlier generations reversed: SAP holds their document cancelled and exactly one cancellation of it. */
  reversed: number;
  /** Postings of a generation after a reversal (posted or failed now). */
  reposted: number;
  /** Second journals not sent: their first journal was not posted when they were (failed, or found later). */
  secondJournalNotAttempted: number;
  /** Keys SAP holds more than one original document for (cancellation documents aside). */
  duplicates: number;
  /** Keys with more than one cancellation document. */
  cancelledTwice: number;
  /** Rows left in flight, or posted without their one document in SAP. */
  lost: number;
  /** Rows listed as failed whose document SAP holds (the app would not know it was posted). */
  failedButInSap: number;
  /**
   * Rows the request failed as unconfirmed (reply lost, look-up failed) that the sweeper then found in SAP and
   * marked posted: a second attempt, `found`, after the request's `unknown` one (the post endpoints' rows have
   * one attempt per request, and each is sent once here).
   */
  foundBySweeper: number;
  byStep: Record<Step, { posted: number; failed: number; reversed: number }>;
  failureReasons: Record<string, number>;
};

/**
 * The proof, from the simulator's read-back of every document ever posted and the rows as stored and listed:
 * - 0 duplicates: no idempotency key is in SAP with more than one original document (and SAP holds no key of
 *   ours we do not know), and none was cancelled twice;
 * - every reversed generation: its one document cancelled, exactly one cancellation (reversedProblems);
 * - every posted row has exactly one document under its generation's key, whose DocEntry/JdtNum the row stores;
 * - every failed row is listed (GET through the API) as failed with a non-empty reason, and is not in SAP;
 * - 0 lost: no row is left in flight, and none is in SAP while the app does not record it as posted.
 */
export async function proveLedger(
  h: PostingHarness,
  client: HttpClient,
  ids: Ids,
  sent: SentPost[],
): Promise<Figures> {
  // What the API answered: never a 5xx, every requested row either posted, failed or queued.
  expect(sent.filter((s) => s.status >= 500).map((s) => [s.step, s.status, s.body])).toEqual([]);
  for (const s of sent) {
    expect([200, 422]).toContain(s.status);
    const answered = [
      ...(s.body.posted as { id: number }[]),
      ...(s.body.failed as { id: number }[]),
      ...((s.body.queued ?? []) as { id: number }[]),
    ].map((r) => r.id);
    expect(answered.sort((a, b) => a - b)).toEqual([...s.ids].sort((a, b) => a - b));
    for (const f of s.body.failed as { id: number; message: string }[])
      // Named by trip and kind (issue 11): `TRP-12 (cash advance record): ...`, `#5 (VAS transaction): ...`.
      expect(f.message).toMatch(new RegExp(`^(\\S+|#${f.id}) \\([A-Za-z ]+\\): \\S`));
  }
  const byKey = await documentsByKey(h.sim);
  const originalsOf = (key: string) => (byKey.get(key) ?? []).filter((d) => !isCancellation(d));
  const reversalRows = await h.database.db.select().from(postingReversals).orderBy(postingReversals.id);
  const reversalsOf = (step: Step, id: number, generation: number) =>
    reversalRows.filter((r) => r.kind === step && r.recordId === id && r.generation === generation);
  const attemptRows = await h.database.db.select().from(postingAttempts).orderBy(postingAttempts.id);
  /** A record step's story, so a problem explains itself: its attempts, its reversals, SAP's documents. */
  const historyOf = (step: Step, id: number, docs: Record<string, unknown>[]) =>
    JSON.stringify({
      attempts: attemptRows
        .filter((a) => a.kind === step && a.recordId === id)
        .map((a) => `gen${a.generation} ${a.idempotencyKey} ${a.outcome} doc ${a.sapDocEntry ?? '-'}`),
      reversals: reversalRows
        .filter((r) => r.kind === step && r.recordId === id)
        .map(
          (r) =>
            `gen${r.generation} doc ${r.sapDocEntry ?? '-'} ${r.outcome} cancel ${r.cancelDocEntry ?? '-'}`,
        ),
      sap: docs.map((d) => ({
        docEntry: docEntryOf(step, d),
        cancelled: d.cancelled ?? false,
        cancellation: isCancellation(d),
      })),
    });
  const expectedKeys = new Set<string>();
  const problems: string[] = [];
  const figures: Figures = {
    records: Object.values(ids).reduce((n, list) => n + list.length, 0),
    postings: 0,
    posted: 0,
    failed: 0,
    reversed: 0,
    reposted: 0,
    secondJournalNotAttempted: 0,
    duplicates: [...byKey.keys()].filter((key) => originalsOf(key).length > 1).length,
    cancelledTwice: [...byKey.values()].filter((docs) => docs.filter(isCancellation).length > 1).length,
    lost: 0,
    failedButInSap: 0,
    foundBySweeper: 0,
    byStep: Object.fromEntries(
      STEPS.map((s) => [s, { posted: 0, failed: 0, reversed: 0 }]),
    ) as Figures['byStep'],
    failureReasons: {},
  };
  const duplicated = [...byKey.keys()]
    .filter((key) => originalsOf(key).length > 1)
    .map((key) => `${key} x${originalsOf(key).length}`);
  if (duplicated.length) problems.push(`in SAP more than once: ${duplicated.join(', ')}`);

  // Every posting sent (step, record, generation), and the DocEntry each answered posted.
  const sentKeys = new Set(sent.flatMap((s) => s.ids.map((id) => keyAt(s.step, id, s.generation ?? 1))));
  const answeredPosted = new Map<string, number | null>();
  for (const s of sent)
    for (const p of s.body.posted as { id: number; sapDocEntry: number | null }[])
      answeredPosted.set(keyAt(s.step, p.id, s.generation ?? 1), p.sapDocEntry);

  for (const step of STEPS) {
    const columns = COLUMNS(step);
    const stepIds = step === 'SJ' ? ids.FJ : ids[step];
    const rows = await storedRows(h, RECORD_KIND[step], stepIds);
    const listed = new Map(
      (
        (await client.get(PATH[step])).body.data as { id: number; status: string; lastError: string | null }[]
      ).map((r) => [r.id, r]),
    );
    for (const row of rows) {
      const id = row.id as number;
      const generation = generationOf(POSTING_STEPS[kindOfCode(step)!], row);
      // The generations reversed before this one.
      for (let g = 1; g < generation; g += 1) {
        const key = keyAt(step, id, g);
        expectedKeys.add(key);
        figures.postings += 1;
        figures.reversed += 1;
        figures.byStep[step].reversed += 1;
        problems.push(...reversedProblems(step, key, byKey.get(key) ?? [], reversalsOf(step, id, g)));
        const answered = answeredPosted.get(key);
        const original = originalsOf(key)[0];
        if (answered !== undefined && original && answered !== docEntryOf(step, original))
          problems.push(`${key}: the API answered DocEntry ${answered}, SAP cancelled another document`);
      }
      const key = keyAt(step, id, generation);
      expectedKeys.add(key);
      const docs = byKey.get(key) ?? [];
      const status = row[columns.status] as string;
      // A second journal is listed (to post, or failed) only while its first journal stands.
      const listable = step !== 'SJ' || row.fjStatus === 'posted';
      if (reversalsOf(step, id, generation).some((r) => r.outcome === 'reversed'))
        problems.push(`${key}: reversed here, yet the record stands at this generation (${status})`);
      if (status === 'unposted' && !sentKeys.has(key)) {
        if (docs.length) problems.push(`${key}: never sent, yet in SAP`);
        // Reversed, not posted again: back in its list.
        if (generation > 1) {
          if (listable && listed.get(id)?.status !== 'unposted')
            problems.push(`${key}: reversed, not listed to post (${JSON.stringify(listed.get(id))})`);
          continue;
        }
        if (step === 'SJ') {
          // Its first journal was not posted when the second journals were sent: either it failed, or it failed
          // unconfirmed and the sweeper found it in SAP afterwards. Then the second journal is listed, still to post.
          figures.secondJournalNotAttempted += 1;
          if (row.fjStatus === 'posted' && listed.get(id)?.status !== 'unposted')
            problems.push(
              `${key}: first journal posted, second not listed to post (${JSON.stringify(listed.get(id))})`,
            );
          continue;
        }
      }
      figures.postings += 1;
      if (generation > 1) figures.reposted += 1;
      if (status === 'posted') {
        figures.posted += 1;
        figures.byStep[step].posted += 1;
        if (docs.length !== 1 || isCancellation(docs[0]!) || docs[0]!.cancelled) {
          figures.lost += 1;
          problems.push(
            `${key}: posted (DocEntry ${String(row[columns.docEntry])}), but SAP holds ${docs.length} documents for it (or it is cancelled): ${historyOf(step, id, docs)}`,
          );
        } else if (row[columns.docEntry] !== docEntryOf(step, docs[0]!)) {
          figures.lost += 1;
          problems.push(
            `${key}: stores DocEntry ${String(row[columns.docEntry])}, SAP's is ${docEntryOf(step, docs[0]!)}`,
          );
        }
        const answered = answeredPosted.get(key);
        if (answered !== undefined && answered !== row[columns.docEntry])
          problems.push(
            `${key}: the API answered DocEntry ${answered}, the row stores ${String(row[columns.docEntry])}`,
          );
      } else if (status === 'failed') {
        figures.failed += 1;
        figures.byStep[step].failed += 1;
        const reason = row[columns.lastError] as string | null;
        const shortReason = (reason ?? '(none)').replace(/\d+/g, 'N').slice(0, 90);
        figures.failureReasons[shortReason] = (figures.failureReasons[shortReason] ?? 0) + 1;
        if (!reason?.trim()) problems.push(`${key}: failed without a reason`);
        const entry = listed.get(id);
        if (listable && (entry?.status !== 'failed' || !entry.lastError?.trim()))
          problems.push(`${key}: failed, but listed as ${JSON.stringify(entry ?? null)}`);
        if (docs.length) {
          figures.failedButInSap += 1;
          problems.push(
            `${key}: failed (${reason}), yet in SAP as ${docs.map((d) => docEntryOf(step, d)).join(', ')}`,
          );
        }
      } else {
        figures.lost += 1;
        problems.push(`${key}: left ${status}${docs.length ? `, with ${docs.length} documents in SAP` : ''}`);
      }
      if (answeredPosted.has(key) && status !== 'posted')
        problems.push(`${key}: answered posted, now ${status}`);
    }
  }
  const attempts = await h.database.db
    .select({
      kind: postingAttempts.kind,
      recordId: postingAttempts.recordId,
      generation: postingAttempts.generation,
      outcome: postingAttempts.outcome,
    })
    .from(postingAttempts)
    .orderBy(postingAttempts.id);
  const outcomes = new Map<string, string[]>();
  for (const a of attempts) {
    if (RECORD_KINDS_PLAIN[kindOfCode(a.kind)!].queued) continue;
    const key = keyAt(a.kind as Step, a.recordId, a.generation);
    if (expectedKeys.has(key)) outcomes.set(key, [...(outcomes.get(key) ?? []), a.outcome]);
  }
  figures.foundBySweeper = [...outcomes.values()].filter((o) => o.join() === 'unknown,found').length;
  const strays = [...byKey.keys()].filter((key) => !expectedKeys.has(key));
  if (strays.length) problems.push(`in SAP under keys of no record: ${strays.join(', ')}`);
  console.log(`faults: ${JSON.stringify(figures)}`);
  expect(problems).toEqual([]);
  expect(figures.duplicates).toBe(0);
  expect(figures.cancelledTwice).toBe(0);
  expect(figures.lost).toBe(0);
  expect(figures.failedButInSap).toBe(0);
  expect(figures.posted + figures.failed + figures.reversed).toBe(figures.postings);
  // Exactly the postings sent were made: each record once per generation, and the second journal for exactly
  // the transporter invoices whose first journal was posted then.
  expect(figures.postings).toBe(sentKeys.size);
  return figures;
}
