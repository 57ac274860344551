import { kindOfCode, RECORD_KINDS_PLAIN } from '@ff/contract';
import { expect } from 'vitest';
import { postingAttempts } from '../db/schema.js';
import type { HttpClient } from './http-client.js';
import { COLUMNS, PATH, RECORD_KIND, STEPS, type Ids, type Sent, type Step } from './mixed-posting.js';
import { documentsByKey, keyOf, storedRows, type PostingHarness } from './posting-harness.js';
import type { RunningSimulator } from './simulator.js';

/** Tests only: the proof of exactly-once after a mixed load (mixed-posting.ts), from the simulator's read-back. */

export type Figures = {
  records: number;
  postings: number;
  posted: number;
  failed: number;
  /** Second journals not sent: their first journal was not posted when they were (failed, or found later). */
  secondJournalNotAttempted: number;
  duplicates: number;
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
  byStep: Record<Step, { posted: number; failed: number }>;
  failureReasons: Record<string, number>;
};

/**
 * The proof, from the simulator's read-back of every document ever posted and the rows as stored and listed:
 * - 0 duplicates: no idempotency key is in SAP more than once (and SAP holds no key of ours we do not know);
 * - every posted row has exactly one document, whose DocEntry/JdtNum the row stores;
 * - every failed row is listed (GET through the API) as failed with a non-empty reason, and is not in SAP;
 * - 0 lost: no row is left in flight, and none is in SAP while the app does not record it as posted.
 */
export async function proveLedger(
  h: PostingHarness,
  client: HttpClient,
  ids: Ids,
  sent: Sent[],
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
      expect(f.message).toMatch(new RegExp(`^#${f.id}: \\S`));
  }
  const byKey = await documentsByKey(h.sim);
  const expectedKeys = new Set<string>();
  const problems: string[] = [];
  const figures: Figures = {
    records: Object.values(ids).reduce((n, list) => n + list.length, 0),
    postings: 0,
    posted: 0,
    failed: 0,
    secondJournalNotAttempted: 0,
    duplicates: [...byKey.values()].filter((docs) => docs.length > 1).length,
    lost: 0,
    failedButInSap: 0,
    foundBySweeper: 0,
    byStep: Object.fromEntries(STEPS.map((s) => [s, { posted: 0, failed: 0 }])) as Figures['byStep'],
    failureReasons: {},
  };
  const duplicated = [...byKey]
    .filter(([, docs]) => docs.length > 1)
    .map(([key, docs]) => `${key} x${docs.length}`);
  if (duplicated.length) problems.push(`in SAP more than once: ${duplicated.join(', ')}`);

  const sentSecond = new Set(sent.filter((s) => s.step === 'SJ').flatMap((s) => s.ids));
  const answeredPosted = new Map<string, number | null>();
  for (const s of sent)
    for (const p of s.body.posted as { id: number; sapDocEntry: number | null }[])
      answeredPosted.set(keyOf(s.step, p.id), p.sapDocEntry);

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
      const key = keyOf(step, id);
      expectedKeys.add(key);
      const docs = byKey.get(key) ?? [];
      const status = row[columns.status] as string;
      const docEntry = (doc: Record<string, any>) =>
        (RECORD_KINDS_PLAIN[kindOfCode(step)!].sap.entity === 'Invoices'
          ? doc.DocEntry
          : doc.JdtNum) as number;
      if (step === 'SJ' && status === 'unposted' && !sentSecond.has(id)) {
        // Its first journal was not posted when the second journals were sent: either it failed, or it failed
        // unconfirmed and the sweeper found it in SAP afterwards. Then the second journal is listed, still to post.
        figures.secondJournalNotAttempted += 1;
        if (row.fjStatus === 'posted' && listed.get(id)?.status !== 'unposted')
          problems.push(
            `${key}: first journal posted, second not listed to post (${JSON.stringify(listed.get(id))})`,
          );
        if (docs.length) problems.push(`${key}: never sent, yet in SAP`);
        continue;
      }
      figures.postings += 1;
      if (status === 'posted') {
        figures.posted += 1;
        figures.byStep[step].posted += 1;
        if (docs.length !== 1) {
          figures.lost += 1;
          problems.push(`${key}: posted, but SAP holds ${docs.length} documents for it`);
        } else if (row[columns.docEntry] !== docEntry(docs[0]!)) {
          figures.lost += 1;
          problems.push(
            `${key}: stores DocEntry ${String(row[columns.docEntry])}, SAP's is ${docEntry(docs[0]!)}`,
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
        if (entry?.status !== 'failed' || !entry.lastError?.trim())
          problems.push(`${key}: failed, but listed as ${JSON.stringify(entry ?? null)}`);
        if (docs.length) {
          figures.failedButInSap += 1;
          problems.push(`${key}: failed (${reason}), yet in SAP as ${docs.map(docEntry).join(', ')}`);
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
      outcome: postingAttempts.outcome,
    })
    .from(postingAttempts)
    .orderBy(postingAttempts.id);
  const outcomes = new Map<string, string[]>();
  for (const a of attempts) {
    if (RECORD_KINDS_PLAIN[kindOfCode(a.kind)!].queued) continue;
    const key = keyOf(a.kind, a.recordId);
    if (expectedKeys.has(key)) outcomes.set(key, [...(outcomes.get(key) ?? []), a.outcome]);
  }
  figures.foundBySweeper = [...outcomes.values()].filter((o) => o.join() === 'unknown,found').length;
  const strays = [...byKey.keys()].filter((key) => !expectedKeys.has(key));
  if (strays.length) problems.push(`in SAP under keys of no record: ${strays.join(', ')}`);
  console.log(`faults: ${JSON.stringify(figures)}`);
  expect(problems).toEqual([]);
  expect(figures.duplicates).toBe(0);
  expect(figures.lost).toBe(0);
  expect(figures.failedButInSap).toBe(0);
  expect(figures.posted + figures.failed).toBe(figures.postings);
  // The second journal was attempted for exactly the transporter invoices whose first journal was posted then.
  expect(figures.postings).toBe(figures.records + sentSecond.size);
  return figures;
}

/**
 * Rows of `step` that the list (GET through the API, as a user sees it) shows as failed although SAP holds
 * their key: a user would post them again, or write them off, while SAP has them. Must be empty once the
 * sweeper has run.
 */
export async function listedFailedButInSap(
  client: HttpClient,
  sim: RunningSimulator,
  step: Step,
  ids: number[],
): Promise<string[]> {
  const listed = (await client.get(PATH[step])).body.data as { id: number; status: string }[];
  const byKey = await documentsByKey(sim);
  const wanted = new Set(ids);
  return listed
    .filter((r) => wanted.has(r.id) && r.status === 'failed' && byKey.has(keyOf(step, r.id)))
    .map((r) => keyOf(step, r.id));
}
