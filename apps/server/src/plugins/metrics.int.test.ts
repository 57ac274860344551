import { RECORD_KINDS_PLAIN } from '@ff/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postingAttempts } from '../db/schema.js';
import { SYSTEM_ACTOR } from '../lib/audit-context.js';
import { UNMATCHED_ROUTE } from '../lib/metrics.js';
import { POSTING_STEPS } from '../modules/posting/posting-steps.js';
import { waitFor } from '../test/fixtures.js';
import { postBodyOf } from '../test/kind-fixtures.js';
import {
  keyOf,
  ledgerId,
  makeRecords,
  nairobiDay,
  recordRows,
  importRecords,
  resetFaults,
  simConfig,
  startPostingHarness,
  storedRow,
  type PostingHarness,
} from '../test/posting-harness.js';
import { parsePrometheusText, samplesOf, valueOf, type Exposition } from '../test/prometheus-text.js';
import type { TestClient } from '../test/test-client.js';
import { METRICS_URL } from './metrics.js';

/**
 * GET /metrics (issue 22): absent unless METRICS_TOKEN is set; then only for `Authorization: Bearer <METRICS_TOKEN>`,
 * answering the Prometheus text format with the series of docs/operations.md "Metrics", proven after real posts
 * through the API to the simulator, a crash the sweeper settles, a VAS job SAP made fail and a reconciliation.
 * Who may read it (no token, a wrong one, the rate limit): metrics-access.int.test.ts.
 */
const TOKEN = 'metrics-test-token-0123456789abcdef';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const today = nairobiDay();

describe('with METRICS_TOKEN', () => {
  let h: PostingHarness;
  let admin: TestClient;
  beforeAll(async () => {
    h = await startPostingHarness({
      queue: true,
      worker: true,
      env: { METRICS_TOKEN: TOKEN, SAP_TIMEOUT_MS: '5000' },
    });
    admin = await h.signInAsAdmin();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  async function scrape(): Promise<Exposition> {
    const answer = await h.client().get(METRICS_URL, bearer(TOKEN));
    expect(answer.status).toBe(200);
    return parsePrometheusText(answer.text);
  }

  it('after a post through the API: the HTTP histogram by route pattern, postings by kind and outcome, SAP calls by operation, look-ups, queues and the process', async () => {
    const [cash] = await makeRecords(h, 'cash', 1);
    const [frozen] = await importRecords(h, 'sales', [recordRows.sales({ customerCode: 'C10099' })]);
    const cashPath = RECORD_KINDS_PLAIN.cashAdvance.apiPath;
    const salesPath = RECORD_KINDS_PLAIN.salesInvoice.apiPath;
    expect((await admin.post(cashPath, await postBodyOf(h, 'cashAdvance', [cash!], today))).status).toBe(200);
    // SAP refuses the invoice of a frozen customer: a failed posting and a business error of POST Invoices.
    const refused = await admin.post(salesPath, await postBodyOf(h, 'salesInvoice', [frozen!], today));
    expect(refused.status).toBe(422);
    expect(refused.body.failed[0].message).toMatch(/C10099' is frozen/);
    // An id in a path, a query string and a path no route has.
    expect((await admin.get('/api/v1/postings/999999?x=1')).status).toBe(404);
    expect((await admin.get('/no/such/page?token=secret')).status).toBe(404);

    const answer = await h.client().get(METRICS_URL, bearer(TOKEN));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    const m = parsePrometheusText(answer.text);

    // HTTP: by method, route pattern and status; the route is never the URL itself.
    expect(
      valueOf(m, 'ff_http_request_duration_seconds_count', {
        method: 'POST',
        route: cashPath,
        status: '200',
      }),
    ).toBe(1);
    expect(
      valueOf(m, 'ff_http_request_duration_seconds_count', {
        method: 'POST',
        route: salesPath,
        status: '422',
      }),
    ).toBe(1);
    expect(
      valueOf(m, 'ff_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/postings/:id',
        status: '404',
      }),
    ).toBe(1);
    expect(
      valueOf(m, 'ff_http_request_duration_seconds_count', {
        method: 'GET',
        route: UNMATCHED_ROUTE,
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    const known = new Set([...h.app.routeCatalogue.map((r) => r.url), UNMATCHED_ROUTE]);
    const routes = new Set(
      samplesOf(m, 'ff_http_request_duration_seconds_count').map((s) => s.labels.route!),
    );
    expect([...routes].filter((route) => !known.has(route))).toEqual([]);
    expect(
      valueOf(m, 'ff_http_request_duration_seconds_bucket', {
        method: 'POST',
        route: cashPath,
        status: '200',
        le: '+Inf',
      }),
    ).toBe(1);
    expect(m.types.get('ff_http_request_duration_seconds')).toBe('histogram');

    // Postings by kind and outcome.
    expect(valueOf(m, 'ff_postings_total', { kind: 'cashAdvance', outcome: 'posted' })).toBe(1);
    expect(valueOf(m, 'ff_postings_total', { kind: 'salesInvoice', outcome: 'failed' })).toBe(1);
    // Each key was looked up in SAP before its first POST, and SAP held nothing under it.
    expect(valueOf(m, 'ff_posting_lookups_total', { stage: 'first', result: 'absent' })).toBe(2);

    // SAP: every exchange timed by operation (the look-ups, the POSTs, the login), the refusal counted.
    for (const operation of [
      'POST Login',
      'GET JournalEntries',
      'POST JournalEntries',
      'GET Invoices',
      'POST Invoices',
    ])
      expect(
        valueOf(m, 'ff_sap_request_duration_seconds_count', { operation }),
        operation,
      ).toBeGreaterThanOrEqual(1);
    expect(valueOf(m, 'ff_sap_errors_total', { operation: 'POST Invoices', kind: 'business' })).toBe(1);
    expect(samplesOf(m, 'ff_sap_errors_total', { operation: 'POST JournalEntries' })).toEqual([]);
    for (const sample of samplesOf(m, 'ff_sap_request_duration_seconds_count'))
      expect(sample.labels.operation).toMatch(/^(GET|POST|PATCH) [A-Za-z_]+(\(:key\))?(\/\w+)?$/);

    // The queues, read from pg-boss when scraped.
    for (const queue of ['vas-posting', 'mail', 'reconciliation']) {
      expect(valueOf(m, 'ff_queue_depth', { queue })).toBeGreaterThanOrEqual(0);
      expect(valueOf(m, 'ff_queue_active_jobs', { queue })).toBeGreaterThanOrEqual(0);
    }
    expect(samplesOf(m, 'ff_metrics_source_failures_total')).toEqual([]);

    // The process, under prom-client's usual names.
    expect(valueOf(m, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(m, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(m, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(samplesOf(m, 'nodejs_version_info')).toHaveLength(1);
    expect(m.types.get('nodejs_gc_duration_seconds')).toBe('histogram');
  });

  it('counts what the sweeper settles: a row a crashed process left in flight, not in SAP, goes back as failed', async () => {
    const step = POSTING_STEPS.cashAdvance;
    const [id] = await makeRecords(h, 'cash', 1);
    const pettyCash = await ledgerId(h, '110101');
    // What a process that died mid-post leaves: the row claimed, its lease long expired, nothing sent to SAP.
    const attemptId = await h.database.db.transaction((tx) =>
      h.app.services.postingRepository.claim(
        step,
        { id: id!, postingDate: today, userId: null, extra: { onAccountId: pettyCash } },
        tx as never,
      ),
    );
    await h.database.db
      .update(postingAttempts)
      .set({ startedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(postingAttempts.id, attemptId!));
    // The app's own sweeper may get there first; either way one settlement is counted.
    await h.app.services.sweeper.sweep();
    expect((await storedRow(h, 'cash', id!)).status).toBe('failed');
    const m = await scrape();
    expect(valueOf(m, 'ff_sweeper_settlements_total', { sweeper: 'posting', outcome: 'failed' })).toBe(1);
    expect(samplesOf(m, 'ff_sweeper_settlements_total', { outcome: 'posted' })).toEqual([]);
  });

  it('counts a VAS job SAP made fail, and its retry, which looks the key up before posting', async () => {
    const [id] = await makeRecords(h, 'vas', 1);
    // SAP answers 500 to everything: the job's look-up fails, nothing is posted, pg-boss retries the job.
    await simConfig(h.sim, { errorRate: 1 });
    try {
      const queued = await admin.post(
        RECORD_KINDS_PLAIN.vasTransaction.apiPath,
        await postBodyOf(h, 'vasTransaction', [id!], today),
      );
      expect(queued.status).toBe(200);
      await waitFor(
        async () => valueOf(await scrape(), 'ff_queue_job_failures_total', { queue: 'vas-posting' }),
        'the VAS job to fail',
        15_000,
      );
    } finally {
      await resetFaults(h.sim);
    }
    await waitFor(
      async () => (await storedRow(h, 'vas', id!)).status === 'posted',
      'the retry to post',
      20_000,
    );
    const m = await scrape();
    expect(
      valueOf(m, 'ff_postings_total', { kind: 'vasTransaction', outcome: 'failed' }),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(m, 'ff_postings_total', { kind: 'vasTransaction', outcome: 'posted' })).toBe(1);
    expect(
      valueOf(m, 'ff_posting_lookups_total', { stage: 'first', result: 'error' }),
    ).toBeGreaterThanOrEqual(1);
    // The retry's look-up: its earlier try may have reached SAP, so the key is asked for again before the POST.
    expect(
      valueOf(m, 'ff_posting_lookups_total', { stage: 'retry', result: 'absent' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(m, 'ff_sap_errors_total', { operation: 'GET JournalEntries', kind: 'unavailable' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      (await h.sim.documents()).journalEntries.filter((d) => d.Reference3 === keyOf('VAS', id!)),
    ).toHaveLength(1);
  });

  it("shows the last reconciliation's differences by trigger and type, and counts the run", async () => {
    const before = Date.now();
    const run = await h.app.services.afterPosting.reconciliation.runNow(
      { fromDate: nairobiDay(-1), toDate: today },
      { actor: SYSTEM_ACTOR, ip: '127.0.0.1' },
    );
    expect(run.status).toBe('done');
    const m = await scrape();
    expect(valueOf(m, 'ff_reconciliation_runs_total', { trigger: 'cli', outcome: 'done' })).toBe(1);
    const summary = run.summary as Record<string, number>;
    const types = samplesOf(m, 'ff_reconciliation_differences', { trigger: 'cli' });
    expect(types.map((s) => s.labels.type).sort()).toEqual([
      'amount_differs',
      'cancelled_in_sap',
      'date_differs',
      'duplicate_in_sap',
      'missing_in_sap',
      'not_posted_here',
    ]);
    expect(valueOf(m, 'ff_reconciliation_differences', { trigger: 'cli', type: 'missing_in_sap' })).toBe(
      summary.missingInSap,
    );
    expect(valueOf(m, 'ff_reconciliation_differences', { trigger: 'cli', type: 'not_posted_here' })).toBe(
      summary.notPostedHere,
    );
    const finished = valueOf(m, 'ff_reconciliation_last_finished_timestamp_seconds', { trigger: 'cli' })!;
    expect(finished * 1000).toBeGreaterThanOrEqual(before - 1_000);
    expect(finished * 1000).toBeLessThanOrEqual(Date.now() + 1_000);
  });
});
