import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSRF_COOKIE, CSRF_HEADER } from '@ff/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postingAttempts } from '../../db/schema.js';
import type { RunningSimulator } from '../../erp/testing/simulator.js';
import {
  APP_KEY,
  documentsByKey,
  keyOf,
  ledgerId,
  makeRecords,
  nairobiDay,
  resetFaults,
  simConfig,
  startPostingHarness,
  storedRows,
  TIME_ZONE,
  type PostingHarness,
  type RecordKind,
} from '../../test/posting-harness.js';
import { spawnWorkerProcess, type WorkerProcess } from '../../test/posting-worker-process.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../test/test-server.js';
import { staleAfterMs } from './posting-steps.js';

/**
 * The exactly-once protocol (architecture.md section 6) at volume, under every fault the simulator injects at
 * once, and with the server scaled out as production runs it (docs/architecture.md, "Processes").
 *
 * 1. Faults: 1,000 records of every kind posted through the HTTP API of a real API process (main.ts) in
 *    batches, while SAP answers 10% of calls with a 500, drops the reply of 10% of committed POSTs, takes 0-500 ms
 *    per call and loses every session every 30 s, and while the VAS worker process is killed with SIGKILL (twice)
 *    and started again. Once nothing is `posting` or `queued`, the simulator's read-back proves: no key is in
 *    SAP twice, every posted row has exactly its one document (DocEntry stored), every failed row is listed
 *    with its reason and is not in SAP, and no row is lost.
 * 2. Scale-out: two API processes and two worker processes on one PostgreSQL: a session signed in on one API is
 *    valid on the other (cookie and XSRF token), and VAS rows posted through both are each posted once.
 *
 * A separate process cannot share an embedded PGlite database, so on PGlite part 1 runs scaled down inside this
 * process (the app listening on 127.0.0.1, the queue worker in-process) and part 2 is Postgres only.
 */

const today = nairobiDay();
const serverRoot = fileURLToPath(new URL('../../..', import.meta.url));
const mainEntry = fileURLToPath(new URL('../../main.ts', import.meta.url));

type Step = 'SI' | 'FJ' | 'SJ' | 'CA' | 'FA' | 'VAS';
const STEPS: Step[] = ['SI', 'FJ', 'SJ', 'CA', 'FA', 'VAS'];
const PATH: Record<Step, string> = {
  SI: '/api/v1/journalSaleInvoice',
  FJ: '/api/v1/firstJournalTransporterInvoice',
  SJ: '/api/v1/secondJournalTransporterInvoice',
  CA: '/api/v1/journalCashAdvance',
  FA: '/api/v1/journalFuelAdvance',
  VAS: '/api/v1/journalVasTransaction',
};
const RECORD_KIND: Record<Step, RecordKind> = {
  SI: 'sales',
  FJ: 'transporter',
  SJ: 'transporter',
  CA: 'cash',
  FA: 'fuel',
  VAS: 'vas',
};
/** The row's columns of a step: the second journal has its own on the transporter invoice. */
const COLUMNS = (step: Step) =>
  step === 'SJ'
    ? { status: 'sjStatus', docEntry: 'sjSapDocEntry', lastError: 'sjLastError' }
    : { status: 'status', docEntry: 'sapDocEntry', lastError: 'lastError' };

// ---------------------------------------------------------------------------------------------------------
// Real HTTP: a browser-like client (cookie jar, XSRF-TOKEN cookie mirrored into X-XSRF-TOKEN on unsafe calls).

type HttpAnswer = { status: number; body: any };

class HttpClient {
  constructor(
    readonly baseUrl: string,
    readonly jar = new Map<string, string>(),
  ) {}

  /** The same browser (cookies) talking to another server. */
  on(baseUrl: string) {
    return new HttpClient(baseUrl, this.jar);
  }

  get xsrfToken() {
    const raw = this.jar.get(CSRF_COOKIE);
    return raw === undefined ? undefined : decodeURIComponent(raw);
  }

  async request(method: 'GET' | 'POST', path: string, body?: unknown, options: { xsrf?: boolean } = {}) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.jar.size) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET' && options.xsrf !== false && this.xsrfToken) headers[CSRF_HEADER] = this.xsrfToken;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const raw of response.headers.getSetCookie()) {
      const [pair = ''] = raw.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(raw) || /expires=thu, 01 jan 1970/i.test(raw) || value === '')
        this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed } as HttpAnswer;
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown, options?: { xsrf?: boolean }) =>
    this.request('POST', path, body, options);

  /** The SPA's sign-in: GET /sanctum/csrf-cookie, then POST /login. */
  async signIn(email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
    expect((await this.get('/sanctum/csrf-cookie')).status).toBe(204);
    const login = await this.post('/login', { email, password });
    expect(login.status).toBe(204);
    return this;
  }
}

// ---------------------------------------------------------------------------------------------------------
// `npm start` (main.ts) as a real separate process, from source like posting-worker-process.ts runs worker.ts.

type ApiProcess = {
  child: ChildProcess;
  output: string[];
  /** http://127.0.0.1:<port>, once it listens. */
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

async function spawnApiProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', mainEntry], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /Freight Finance is ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString('utf8'));
      check();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const timer = setTimeout(() => {
      void kill('SIGKILL');
      reject(
        new Error(`The API process did not start within ${timeoutMs} ms:\n${output.join('').slice(-4000)}`),
      );
    }, timeoutMs);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(
          `The API process exited (${code ?? signal}) before it listened:\n${output.join('').slice(-4000)}`,
        ),
      );
    });
  });
  return { child, output, url, exited, kill };
}

/** pino JSON lines a process wrote. */
function logLines(output: string[]): Record<string, any>[] {
  return output
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, any>];
      } catch {
        return [];
      }
    });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `everyMs` until it answers true. */
async function pollUntil(probe: () => Promise<boolean>, what: string, timeoutMs: number, everyMs = 500) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Runs `tasks` with at most `lanes` at a time. */
async function inLanes(tasks: (() => Promise<void>)[], lanes: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, tasks.length) }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

// ---------------------------------------------------------------------------------------------------------
// The mixed load: records, post bodies, the run, and the proof from SAP's read-back.

type Plan = { perKind: number; batch: number; lanes: number };
type Ids = Record<Exclude<Step, 'SJ'>, number[]>;
type Sent = { step: Step; ids: number[]; status: number; body: any };

async function importMix(h: PostingHarness, perKind: number): Promise<Ids> {
  const SI = await makeRecords(h, 'sales', perKind);
  const FJ = await makeRecords(h, 'transporter', perKind);
  const CA = await makeRecords(h, 'cash', perKind);
  const FA = await makeRecords(h, 'fuel', perKind);
  const VAS = await makeRecords(h, 'vas', perKind);
  return { SI, FJ, CA, FA, VAS };
}

async function postBodies(h: PostingHarness) {
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
async function postMix(h: PostingHarness, client: HttpClient, ids: Ids, plan: Plan): Promise<Sent[]> {
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
async function waitForRechecks(h: PostingHarness, sapTimeoutMs: number) {
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
async function inFlight(h: PostingHarness, ids: Ids): Promise<number> {
  let count = 0;
  for (const step of STEPS) {
    const rows = await storedRows(h, RECORD_KIND[step], step === 'SJ' ? ids.FJ : ids[step]);
    count += rows.filter((r) => ['posting', 'queued'].includes(r[COLUMNS(step).status] as string)).length;
  }
  return count;
}

type Figures = {
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
async function proveLedger(h: PostingHarness, client: HttpClient, ids: Ids, sent: Sent[]): Promise<Figures> {
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

const FAULTS = { errorRate: 0.1, dropReplyRate: 0.1, latencyMs: [0, 500], sessionTimeoutSeconds: 30 };

/** Every SAP session is dropped every `everyMs` for as long as the returned stop function is not called. */
function expireSessionsEvery(sim: RunningSimulator, everyMs: number) {
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

// ---------------------------------------------------------------------------------------------------------

if (process.env.TEST_DB === 'postgres') {
  // Test-time knobs (as vas-worker-kill.pg.int.test.ts): SAP calls time out after 3 s, so a row's lease is stale
  // after 6 s (the sweeper runs every 3 s); a dead worker's job expires after 10 s (longer than its longest run:
  // look-up + POST + settle + look-up) and is retried after 1 s, doubling.
  const SETTINGS = {
    SAP_TIMEOUT_MS: '3000',
    VAS_JOB_EXPIRE_SECONDS: '10',
    VAS_RETRY_DELAY_SECONDS: '1',
    VAS_RETRY_LIMIT: '6',
    QUEUE_CONCURRENCY: '4',
    POSTING_CONCURRENCY: '16',
  };
  let h: PostingHarness;
  let dataDir: string;
  const workers: WorkerProcess[] = [];
  const apis: ApiProcess[] = [];
  const processEnv = () => ({
    ...SETTINGS,
    DATABASE_URL: h.database.url!,
    SAP_SL_URL: h.sim.url,
    APP_KEY,
    APP_TIMEZONE: TIME_ZONE,
    SEED_DEMO: 'false',
  });
  const startWorker = async () => {
    const worker = spawnWorkerProcess(processEnv());
    workers.push(worker);
    await worker.ready(90_000);
    return worker;
  };
  /** Every process started so far is gone (a failed test leaves none running into the next). */
  const killAll = () => Promise.all([...workers, ...apis].map((p) => p.kill('SIGKILL')));
  const startApi = async () => {
    const api = await spawnApiProcess({
      ...processEnv(),
      QUEUE_WORKER: 'off',
      HOST: '127.0.0.1',
      PORT: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
      DATA_DIR: dataDir,
    });
    apis.push(api);
    return api;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ff-scale-out-'));
    // This process imports the records and reads the rows back; its queue (no worker) creates pg-boss's schema
    // before the API and worker processes start. Posting goes through the API processes over HTTP.
    h = await startPostingHarness({ queue: true, worker: false, env: SETTINGS });
  }, 120_000);
  afterAll(async () => {
    await killAll();
    await h?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(async () => {
    await killAll();
  });

  describe('1,000 records through the API under every SAP fault, with the worker killed twice', () => {
    it('ends with every record in SAP at most once, each posted (DocEntry stored) or failed with a reason, none lost', async () => {
      const startedAt = Date.now();
      const plan: Plan = { perKind: 200, batch: 50, lanes: 3 };
      const ids = await importMix(h, plan.perKind);
      const api = await startApi();
      let worker = await startWorker();
      const client = await new HttpClient(api.url).signIn();

      await simConfig(h.sim, FAULTS);
      const stopExpiring = expireSessionsEvery(h.sim, 30_000);
      const vasSettled = async () =>
        (await storedRows(h, 'vas', ids.VAS)).filter((r) => r.status === 'posted' || r.status === 'failed')
          .length;
      const kills: { stranded: number; settled: number }[] = [];
      let stopped = false;
      // The worker is killed mid-batch twice (after a quarter and after 60% of the VAS rows are settled) and a new
      // one started at once; what the dead one had in hand is taken over once its jobs expire.
      const choreography = (async () => {
        for (const share of [0.25, 0.6]) {
          await pollUntil(
            async () => stopped || (await vasSettled()) >= plan.perKind * share,
            `${share * 100}% of the VAS rows to settle`,
            180_000,
          );
          if (stopped) return;
          const rows = await storedRows(h, 'vas', ids.VAS);
          const killed = await worker.kill('SIGKILL');
          expect(killed.signal).toBe('SIGKILL');
          kills.push({
            stranded: rows.filter((r) => r.status === 'posting').length,
            settled: rows.filter((r) => r.status === 'posted' || r.status === 'failed').length,
          });
          worker = await startWorker();
        }
      })().then(
        () => null,
        (error: unknown) => error,
      );
      let sent: Sent[];
      try {
        sent = await postMix(h, client, ids, plan);
        const failure = await choreography;
        if (failure) throw failure;
        await pollUntil(
          async () => (await inFlight(h, ids)) === 0,
          'no row left posting or queued',
          180_000,
          1_000,
        );
      } finally {
        stopped = true;
        const expirations = stopExpiring();
        const stats = (await h.sim.stats()) as Record<string, unknown>;
        console.log(
          `faults: ${JSON.stringify({ kills, expirations, stats, seconds: Math.round((Date.now() - startedAt) / 1000) })}`,
        );
        await resetFaults(h.sim);
      }
      // The faults did happen.
      const stats = (await h.sim.stats()) as unknown as { injectedErrors: number; droppedReplies: number };
      expect(stats.injectedErrors).toBeGreaterThan(0);
      expect(stats.droppedReplies).toBeGreaterThan(0);
      expect(kills).toHaveLength(2);
      expect(kills.some((k) => k.stranded > 0)).toBe(true);

      await waitForRechecks(h, Number(SETTINGS.SAP_TIMEOUT_MS));
      const figures = await proveLedger(h, client, ids, sent);
      expect(figures.records).toBe(1_000);
      // Failures are the exception (an injected 500 with its look-up failing too, or the like), not the rule.
      expect(figures.posted).toBeGreaterThan(figures.postings * 0.6);

      expect((await worker.kill('SIGTERM')).code).toBe(0);
      expect((await api.kill('SIGTERM')).code).toBe(0);
    }, 300_000);
  });

  describe('two API processes and two workers on one PostgreSQL', () => {
    it('share sessions (cookie and XSRF token work on either API) and post each VAS row exactly once', async () => {
      await resetFaults(h.sim);
      const [apiA, apiB] = [await startApi(), await startApi()];
      const [w1, w2] = [await startWorker(), await startWorker()];
      expect(apiA.url).not.toBe(apiB.url);

      // Signed in on A; the same cookies on B.
      const onA = await new HttpClient(apiA.url).signIn();
      const onB = onA.on(apiB.url);
      const me = await onB.get('/user');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: ADMIN_EMAIL });
      expect((await new HttpClient(apiB.url).get('/user')).status).toBe(401);
      // An unsafe call on B needs A's XSRF token: without it 419, with it accepted.
      const vas = await makeRecords(h, 'vas', 60);
      const body = await postBodies(h);
      expect((await onB.post(PATH.VAS, body('VAS', vas.slice(0, 1)), { xsrf: false })).status).toBe(419);
      // And the other way round: a session made on B works on A.
      const onBFirst = await new HttpClient(apiB.url).signIn();
      expect((await onBFirst.on(apiA.url).get('/user')).status).toBe(200);

      // Every SAP call takes 50-150 ms, so both workers get jobs.
      await simConfig(h.sim, { latencyMs: [50, 150] });
      const answers = await Promise.all([
        onB.post(PATH.VAS, body('VAS', vas.slice(0, 20))),
        onBFirst.on(apiA.url).post(PATH.VAS, body('VAS', vas.slice(20, 40))),
        onA.post(PATH.VAS, body('VAS', vas.slice(40, 60))),
      ]);
      expect(answers.map((a) => [a.status, a.body.queued?.length])).toEqual([
        [200, 20],
        [200, 20],
        [200, 20],
      ]);
      await pollUntil(
        async () =>
          (await storedRows(h, 'vas', vas)).every((r) => r.status === 'posted' || r.status === 'failed'),
        'both workers to post every VAS row',
        90_000,
      );
      await resetFaults(h.sim);

      const rows = await storedRows(h, 'vas', vas);
      expect(rows.map((r) => r.status)).toEqual(vas.map(() => 'posted'));
      const byKey = await documentsByKey(h.sim);
      expect(vas.map((id) => byKey.get(keyOf('VAS', id))?.length ?? 0)).toEqual(vas.map(() => 1));
      expect(rows.map((r) => r.sapDocEntry)).toEqual(
        vas.map((id) => byKey.get(keyOf('VAS', id))![0]!.JdtNum),
      );
      // Each row by exactly one of the two workers, and both took part.
      const postedBy = [w1, w2].map((w) =>
        logLines(w.output)
          .filter((l) => l.msg === 'VAS transaction posted' && vas.includes(l.recordId as number))
          .map((l) => l.recordId as number),
      );
      console.log(
        `scale-out: worker 1 posted ${postedBy[0]!.length}, worker 2 posted ${postedBy[1]!.length}`,
      );
      expect(postedBy[0]!.length).toBeGreaterThan(0);
      expect(postedBy[1]!.length).toBeGreaterThan(0);
      expect([...postedBy[0]!, ...postedBy[1]!].sort((a, b) => a - b)).toEqual(
        [...vas].sort((a, b) => a - b),
      );

      for (const p of [w1, w2, apiA, apiB]) expect((await p.kill('SIGTERM')).code).toBe(0);
    }, 240_000);
  });
} else {
  describe('faults on embedded PGlite (scaled down; separate processes need PostgreSQL)', () => {
    let h: PostingHarness;
    beforeAll(async () => {
      h = await startPostingHarness({
        queue: true,
        env: {
          SAP_TIMEOUT_MS: '3000',
          VAS_JOB_EXPIRE_SECONDS: '10',
          VAS_RETRY_DELAY_SECONDS: '1',
          VAS_RETRY_LIMIT: '6',
          QUEUE_CONCURRENCY: '4',
          POSTING_CONCURRENCY: '8',
        },
      });
    }, 120_000);
    afterAll(async () => {
      await h?.close();
    });

    it('50 mixed records over real HTTP under every SAP fault: each in SAP at most once, posted or failed with a reason, none lost', async () => {
      const plan: Plan = { perKind: 10, batch: 5, lanes: 2 };
      const ids = await importMix(h, plan.perKind);
      const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = await new HttpClient(url).signIn();
      await simConfig(h.sim, FAULTS);
      const stopExpiring = expireSessionsEvery(h.sim, 2_000);
      let sent: Sent[];
      try {
        sent = await postMix(h, client, ids, plan);
        await pollUntil(async () => (await inFlight(h, ids)) === 0, 'no row left posting or queued', 120_000);
      } finally {
        stopExpiring();
        await resetFaults(h.sim);
      }
      await waitForRechecks(h, 3_000);
      const figures = await proveLedger(h, client, ids, sent);
      expect(figures.records).toBe(50);
    }, 180_000);
  });
}
