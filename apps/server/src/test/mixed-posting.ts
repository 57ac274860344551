import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { kindOfCode, RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type RecordKindCode } from '@ff/contract';
import { postingAttempts } from '../db/schema.js';
import type { RunningSimulator } from './simulator.js';
import { POSTING_STEPS, staleAfterMs } from '../modules/posting/posting-steps.js';
import { fixtureLedgers, KIND_FIXTURES } from './kind-fixtures.js';
import type { HttpClient } from './http-client.js';
import {
  makeRecords,
  nairobiDay,
  storedRows,
  type PostingHarness,
  type RecordKind,
} from './posting-harness.js';

/**
 * Tests only: a mixed load of every record kind posted through the HTTP API, and the proof of exactly-once
 * from the simulator's read-back (ledger-proof.ts; faults-and-scale-out.pg.int.test.ts runs it under every SAP fault).
 */

export const today = nairobiDay();

export type Step = RecordKindCode;
const kindOf = (step: Step) => kindOfCode(step)!;
/** Every step, in the registry's order. */
export const STEPS: Step[] = RECORD_KIND_NAMES.map((name) => RECORD_KINDS_PLAIN[name].code);
export const PATH = Object.fromEntries(
  STEPS.map((step) => [step, RECORD_KINDS_PLAIN[kindOf(step)].apiPath]),
) as Record<Step, string>;
/** The harness records whose import brings a step's rows (test/kind-fixtures.ts). */
export const RECORD_KIND = Object.fromEntries(
  STEPS.map((step) => [step, KIND_FIXTURES[kindOf(step)].records]),
) as Record<Step, RecordKind>;
/** The stored row's properties holding a step's state (each transporter journal has its own, fj* and sj*). */
export function COLUMNS(step: Step) {
  const { table, columns } = POSTING_STEPS[kindOf(step)];
  const keyOf = (column: PgColumn) =>
    Object.entries(getTableColumns(table)).find(([, c]) => c === column)![0];
  return {
    status: keyOf(columns.status),
    docEntry: keyOf(columns.sapDocEntry),
    lastError: keyOf(columns.lastError),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` every `everyMs` until it answers `true`. Anything else it answers is what it saw (a count, the rows
 * still in flight...): a timeout names what it waited for and the last thing seen, so the failure explains itself.
 */
export async function pollUntil(
  probe: () => Promise<unknown>,
  what: string,
  timeoutMs: number,
  everyMs = 500,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = await probe();
    if (seen === true) return;
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${describeSeen(seen)}`,
      );
    await sleep(everyMs);
  }
}

/** A probe's answer for a timeout message, cut to 2,000 characters. */
export const describeSeen = (seen: unknown) =>
  (typeof seen === 'string' ? seen : (JSON.stringify(seen) ?? String(seen))).slice(0, 2_000);

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

/** The steps whose kind brings its own rows (the second journal posts the first's), in the registry's order. */
export const OWN_ROW_STEPS = STEPS.filter((step) => !('requires' in RECORD_KINDS_PLAIN[kindOf(step)]));

/** No records of any kind: a test fills in the steps it imports (`{ ...noIds(), CA: [...] }`). */
export const noIds = (): Ids => Object.fromEntries(OWN_ROW_STEPS.map((step) => [step, []])) as unknown as Ids;

/** `perKind` records of every kind that brings its own rows, in the registry's order. */
export async function importMix(h: PostingHarness, perKind: number): Promise<Ids> {
  const ids = noIds();
  for (const step of OWN_ROW_STEPS) ids[step as keyof Ids] = await makeRecords(h, RECORD_KIND[step], perKind);
  return ids;
}

export async function postBodies(h: PostingHarness) {
  const ledger = await fixtureLedgers(h);
  return (step: Step, ids: number[]) => ({
    postSap: ids.map((id) => KIND_FIXTURES[kindOf(step)].entry(ledger, id, today)),
  });
}

/**
 * Posts every record through the API in batches: the queued kinds first (VAS; the worker posts them
 * meanwhile), then the other kinds (sales, first journals, cash, fuel) `lanes` requests at a time, then a step
 * that needs another posted first (the second journal) for every row whose required step was posted.
 */
export async function postMix(h: PostingHarness, client: HttpClient, ids: Ids, plan: Plan): Promise<Sent[]> {
  const body = await postBodies(h);
  const sent: Sent[] = [];
  const send = (step: Step, batch: number[]) => async () => {
    const answer = await client.post(PATH[step], body(step, batch));
    sent.push({ step, ids: batch, status: answer.status, body: answer.body });
  };
  const entryOf = (step: Step) => RECORD_KINDS_PLAIN[kindOf(step)];
  const own = (step: Step) => ids[step as keyof Ids];
  for (const step of STEPS.filter((s) => entryOf(s).queued))
    for (const batch of chunks(own(step), plan.batch)) await send(step, batch)();
  const sync: (() => Promise<void>)[] = [];
  const perStep = STEPS.filter((s) => !entryOf(s).queued && !('requires' in entryOf(s))).map((step) =>
    chunks(own(step), plan.batch).map((batch) => send(step, batch)),
  );
  // Interleaved, so every kind is in flight at once.
  for (let i = 0; perStep.some((tasks) => tasks[i]); i += 1)
    for (const tasks of perStep) if (tasks[i]) sync.push(tasks[i]!);
  await inLanes(sync, plan.lanes);
  // A step that needs another posted first is sent for the rows whose required step was posted.
  for (const step of STEPS) {
    const entry = entryOf(step);
    if (!('requires' in entry)) continue;
    const required = RECORD_KINDS_PLAIN[entry.requires].code;
    const rows = await storedRows(h, RECORD_KIND[required], own(required));
    const posted = rows.filter((r) => r[COLUMNS(required).status] === 'posted').map((r) => r.id as number);
    await inLanes(
      chunks(posted, plan.batch).map((batch) => send(step, batch)),
      plan.lanes,
    );
  }
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

/**
 * A probe for pollUntil: true when no row is owned by a poster (`posting`, or `queued` for the queue) over every
 * step, else the rows that still are (`SJ 7: posting`).
 */
export async function noneInFlight(h: PostingHarness, ids: Ids): Promise<true | string[]> {
  const owned: string[] = [];
  for (const step of STEPS) {
    const rows = await storedRows(h, RECORD_KIND[step], step === 'SJ' ? ids.FJ : ids[step]);
    for (const r of rows) {
      const status = r[COLUMNS(step).status] as string;
      if (status === 'posting' || status === 'queued') owned.push(`${step} ${r.id as number}: ${status}`);
    }
  }
  return owned.length ? owned : true;
}

/** Stored rows by status (`{"posted": 40, "posting": 3}`), with up to 20 ids of rows in `other` statuses. */
export function statusSummary(
  rows: Record<string, unknown>[],
  other: (status: string) => boolean = () => false,
) {
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.status as string] = (counts[r.status as string] ?? 0) + 1;
  const ids = rows.filter((r) => other(r.status as string)).map((r) => r.id as number);
  return ids.length ? { ...counts, ids: ids.slice(0, 20) } : counts;
}

/** A probe for pollUntil: true when every stored row of `kind` among `ids` has a status `done` accepts, else the statuses seen. */
export async function everyRow(
  h: PostingHarness,
  kind: RecordKind,
  ids: number[],
  done: (status: string) => boolean,
) {
  const rows = await storedRows(h, kind, ids);
  return rows.every((r) => done(r.status as string)) || statusSummary(rows, (s) => !done(s));
}

/** A probe for pollUntil: true when at least `count` stored rows of `kind` among `ids` have `status`, else the statuses seen. */
export async function atLeast(
  h: PostingHarness,
  kind: RecordKind,
  ids: number[],
  status: string,
  count: number,
) {
  const rows = await storedRows(h, kind, ids);
  return rows.filter((r) => r.status === status).length >= count || statusSummary(rows);
}

export const FAULTS = { errorRate: 0.1, dropReplyRate: 0.1, latencyMs: [0, 200], sessionTimeoutSeconds: 30 };

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
