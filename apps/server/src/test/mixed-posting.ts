import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { postingAttempts } from '../db/schema.js';
import type { RunningSimulator } from './simulator.js';
import { staleAfterMs } from '../modules/posting/posting-steps.js';
import type { HttpClient } from './http-client.js';
import {
  documentsByKey,
  keyOf,
  ledgerId,
  makeRecords,
  nairobiDay,
  storedRows,
  type PostingHarness,
  type RecordKind,
} from './posting-harness.js';

/**
 * Tests only: a mixed load of every record kind posted through the HTTP API, and the proof of exactly-once
 * from the simulator's read-back (faults-and-scale-out.pg.int.test.ts runs it under every SAP fault).
 */

export const today = nairobiDay();

export type Step = 'SI' | 'FJ' | 'SJ' | 'CA' | 'FA' | 'VAS';
export const STEPS: Step[] = ['SI', 'FJ', 'SJ', 'CA', 'FA', 'VAS'];
export const PATH: Record<Step, string> = {
  SI: '/api/v1/journalSaleInvoice',
  FJ: '/api/v1/firstJournalTransporterInvoice',
  SJ: '/api/v1/secondJournalTransporterInvoice',
  CA: '/api/v1/journalCashAdvance',
  FA: '/api/v1/journalFuelAdvance',
  VAS: '/api/v1/journalVasTransaction',
};
export const RECORD_KIND: Record<Step, RecordKind> = {
  SI: 'sales',
  FJ: 'transporter',
  SJ: 'transporter',
  CA: 'cash',
  FA: 'fuel',
  VAS: 'vas',
};
/** The row's columns of a step: the second journal has its own on the transporter invoice. */
export const COLUMNS = (step: Step) =>
  step === 'SJ'
    ? { status: 'sjStatus', docEntry: 'sjSapDocEntry', lastError: 'sjLastError' }
    : { status: 'status', docEntry: 'sapDocEntry', lastError: 'lastError' };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `everyMs` until it answers true. */
export async function pollUntil(probe: () => Promise<boolean>, what: string, timeoutMs: number, everyMs = 500) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Runs `tasks` with at most `lanes` at a time. */
export async function inLanes(tasks: (() => Promise<void>)[], lanes: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, tasks.length) }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

export const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));


export type Plan = { perKind: number; batch: number; lanes: number };
export type Ids = Record<Exclude<Step, 'SJ'>, number[]>;
export type Sent = { step: Step; ids: number[]; status: number; body: any };

export async function importMix(h: PostingHarness, perKind: number): Promise<Ids> {
  const SI = await makeRecords(h, 'sales', perKind);
  const FJ = await makeRecords(h, 'transporter', perKind);
  const CA = await makeRecords(h, 'cash', perKind);
  const FA = await makeRecords(h, 'fuel', perKind);
  const VAS = await makeRecords(h, 'vas', perKind);
  return { SI, FJ, CA, FA, VAS };
}

export async function postBodies(h: PostingHarness) {
  const [pettyCash, revenue, cost] = await Promise.all([
    ledgerId(h, '110101'),
    ledgerId(h, '410200'),
    ledgerId(h, '510200'),
  ]);
  const entry: Record<Step, (id: number) => Record<string, unknown>> = {
    SI: (id) => ({ saleInvoice: id, postingDate: today }),
    FJ: (id) => ({ transporterInvoice: id, postingDate: today, supplierInvoiceNumber: `SUP-${id}` }),
    SJ: (id) => ({ transporterInvoice: id, postingDate: today }),
    CA: (id) => ({ cashAdvanceId: id, sapAccount: pettyCash, postingDate: today }),
    FA: (id) => ({
      fuelAdvanceId: id,
      sapAccount: pettyCash,
      collectedQuantity: '150',
      postingDate: today,
      orderNumber: `PICK-${id}`,
    }),
    VAS: (id) => ({
      vasTransactionId: id,
      sapAccountRevenue: revenue,
      sapAccountCost: cost,
      collectedQuantity: '2',
      productType: 'Tyres',
      postingDate: today,
      orderNumber: `VP-${id}`,
    }),
  };
  return (step: Step, ids: number[]) => ({ postSap: ids.map(entry[step]) });
}

/**
 * Posts every record through the API in batches: VAS first (queued; the worker posts them meanwhile), then
 * sales, first journals, cash and fuel `lanes` requests at a time, then the second journal of every
 * transporter invoice whose first journal was posted.
 */
export async function postMix(h: PostingHarness, client: HttpClient, ids: Ids, plan: Plan): Promise<Sent[]> {
  const body = await postBodies(h);
  const sent: Sent[] = [];
  const send = (step: Step, batch: number[]) => async () => {
    const answer = await client.post(PATH[step], body(step, batch));
    sent.push({ step, ids: batch, status: answer.status, body: answer.body });
  };
  for (const batch of chunks(ids.VAS, plan.batch)) await send('VAS', batch)();
  const sync: (() => Promise<void>)[] = [];
  const perStep = (['SI', 'FJ', 'CA', 'FA'] as const).map((step) =>
    chunks(ids[step], plan.batch).map((batch) => send(step, batch)),
  );
  // Interleaved, so every kind is in flight at once.
  for (let i = 0; perStep.some((tasks) => tasks[i]); i += 1)
    for (const tasks of perStep) if (tasks[i]) sync.push(tasks[i]!);
  await inLanes(sync, plan.lanes);
  const firstPosted = (await storedRows(h, 'transporter', ids.FJ)).filter((r) => r.status === 'posted');
  await inLanes(
    chunks(
      firstPosted.map((r) => r.id as number),
      plan.batch,
    ).map((batch) => send('SJ', batch)),
    plan.lanes,
  );
  return sent;
}

/**
 * Once nothing is in flight: a row that failed with an unconfirmed outcome (its reply lost, then the look-up
 * failed too) is looked up again by the sweepers from `staleAfterMs` after it failed (posting-sweeper.ts). Waits
 * until the last such failure is two sweep intervals past that point (the faults are off by then).
 */
export async function waitForRechecks(h: PostingHarness, sapTimeoutMs: number) {
  const [latest] = await h.database.db
    .select({ at: sql<string | Date | null>`max(${postingAttempts.finishedAt})` })
    .from(postingAttempts)
    .where(eq(postingAttempts.outcome, 'unknown'));
  if (!latest?.at) return;
  const staleMs = staleAfterMs(sapTimeoutMs);
  const until = new Date(latest.at).getTime() + staleMs + staleMs + 1_000;
  if (until > Date.now()) await sleep(until - Date.now());
}

/** Rows still owned by a poster (`posting`, or `queued` for the queue), over every step. */
export async function inFlight(h: PostingHarness, ids: Ids): Promise<number> {
  let count = 0;
  for (const step of STEPS) {
    const rows = await storedRows(h, RECORD_KIND[step], step === 'SJ' ? ids.FJ : ids[step]);
    count += rows.filter((r) => ['posting', 'queued'].includes(r[COLUMNS(step).status] as string)).length;
  }
  return count;
}

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
export async function proveLedger(h: PostingHarness, client: HttpClient, ids: Ids, sent: Sent[]): Promise<Figures> {
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
      const docEntry = (doc: Record<string, any>) => (step === 'SI' ? doc.DocEntry : doc.JdtNum) as number;
      if (step === 'SJ' && status === 'unposted' && !sentSecond.has(id)) {
        // Its first journal was not posted when the second journals were sent: either it failed, or it failed
        // unconfirmed and the sweeper found it in SAP afterwards. Then the second journal is listed, still to post.
        figures.secondJournalNotAttempted += 1;
        if (row.status === 'posted' && listed.get(id)?.status !== 'unposted')
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
    if (a.kind === 'VAS') continue;
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

export const FAULTS = { errorRate: 0.1, dropReplyRate: 0.1, latencyMs: [0, 500], sessionTimeoutSeconds: 30 };

/** Every SAP session is dropped every `everyMs` for as long as the returned stop function is not called. */
export function expireSessionsEvery(sim: RunningSimulator, everyMs: number) {
  let expirations = 0;
  const timer = setInterval(() => {
    sim
      .control('/__sim/expire-sessions', {})
      .then(() => {
        expirations += 1;
      })
      .catch(() => undefined);
  }, everyMs);
  return () => {
    clearInterval(timer);
    return expirations;
  };
}

/**
 * Rows of `step` that the list (GET through the API, as a user sees it) shows as failed although SAP holds
 * their key: a user would post them again, or write them off, while SAP has them. Must be empty once the
 * sweeper has run.
 */
export async function listedFailedButInSap(client: HttpClient, sim: RunningSimulator, step: Step, ids: number[]): Promise<string[]> {
  const listed = (await client.get(PATH[step])).body.data as { id: number; status: string }[];
  const byKey = await documentsByKey(sim);
  const wanted = new Set(ids);
  return listed
    .filter((r) => wanted.has(r.id) && r.status === 'failed' && byKey.has(keyOf(step, r.id)))
    .map((r) => keyOf(step, r.id));
}
