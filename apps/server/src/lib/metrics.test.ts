import { afterEach, describe, expect, it, vi } from 'vitest';
import { parsePrometheusText, samplesOf, valueOf } from '../test/prometheus-text.js';
import { createMetrics, sapOperationLabel } from './metrics.js';

const scrape = async (metrics: ReturnType<typeof createMetrics>) =>
  parsePrometheusText((await metrics.exposition()).text);

afterEach(() => {
  vi.useRealTimers();
});

describe('sapOperationLabel', () => {
  it.each([
    ['POST', 'JournalEntries', 'POST JournalEntries'],
    ['GET', 'JournalEntries?$filter=Reference3%20eq%20%27FF-CA-1%27', 'GET JournalEntries'],
    ['POST', 'JournalEntries(12)/Cancel', 'POST JournalEntries(:key)/Cancel'],
    ['GET', 'Invoices(4711)', 'GET Invoices(:key)'],
    ['GET', "Items('A 1')", 'GET Items(:key)'],
    ['POST', 'Login', 'POST Login'],
    ['POST', '/CompanyService_GetFinancePeriods', 'POST CompanyService_GetFinancePeriods'],
  ])('%s %s is %s', (method, resource, label) => {
    expect(sapOperationLabel(method, resource)).toBe(label);
  });

  it('names anything outside the entity-set shape "other", so a strange path cannot add series', () => {
    for (const resource of ['../../etc/passwd', 'a/b/c', 'Journal Entries', '', 'JournalEntries(1)(2)'])
      expect(sapOperationLabel('GET', resource)).toBe('GET other');
  });
});

describe('createMetrics', () => {
  it('gives every instance its own registry: what one counts, another does not see', async () => {
    const one = createMetrics();
    const two = createMetrics();
    one.posting('cashAdvance', 'posted');
    one.posting('cashAdvance', 'posted');
    one.httpRequest('GET', '/api/v1/postings/:id', 200, 0.012);
    expect(valueOf(await scrape(one), 'ff_postings_total', { kind: 'cashAdvance', outcome: 'posted' })).toBe(
      2,
    );
    const other = await scrape(two);
    expect(samplesOf(other, 'ff_postings_total')).toEqual([]);
    expect(samplesOf(other, 'ff_http_request_duration_seconds_count')).toEqual([]);
  });

  it('answers the Prometheus text format: every family has HELP and TYPE, names are ff_ and in base units', async () => {
    const metrics = createMetrics();
    metrics.httpRequest('POST', '/api/v1/journalCashAdvance', 422, 0.3);
    metrics.sapExchange('POST JournalEntries', 0.04);
    metrics.sapFailure('POST JournalEntries', 'business');
    metrics.lookup('retry', 'found');
    metrics.settled('reversal', 'unknown');
    metrics.jobFailed('vas-posting');
    metrics.reconciliationRun('nightly', 'done');
    const { contentType, text } = await metrics.exposition();
    expect(contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    const exposition = parsePrometheusText(text);
    for (const name of exposition.types.keys()) {
      expect(name).toMatch(/^ff_/);
      expect(exposition.help.get(name)).toBeTruthy();
    }
    expect(exposition.types.get('ff_http_request_duration_seconds')).toBe('histogram');
    expect(exposition.types.get('ff_sap_request_duration_seconds')).toBe('histogram');
    expect(
      valueOf(exposition, 'ff_http_request_duration_seconds_bucket', {
        method: 'POST',
        route: '/api/v1/journalCashAdvance',
        status: '422',
        le: '0.5',
      }),
    ).toBe(1);
    expect(
      valueOf(exposition, 'ff_http_request_duration_seconds_bucket', {
        method: 'POST',
        route: '/api/v1/journalCashAdvance',
        status: '422',
        le: '0.25',
      }),
    ).toBe(0);
    expect(
      valueOf(exposition, 'ff_sap_request_duration_seconds_sum', { operation: 'POST JournalEntries' }),
    ).toBeCloseTo(0.04);
    expect(
      valueOf(exposition, 'ff_sap_errors_total', { operation: 'POST JournalEntries', kind: 'business' }),
    ).toBe(1);
    expect(valueOf(exposition, 'ff_posting_lookups_total', { stage: 'retry', result: 'found' })).toBe(1);
    expect(
      valueOf(exposition, 'ff_sweeper_settlements_total', { sweeper: 'reversal', outcome: 'unknown' }),
    ).toBe(1);
    expect(valueOf(exposition, 'ff_queue_job_failures_total', { queue: 'vas-posting' })).toBe(1);
    expect(valueOf(exposition, 'ff_reconciliation_runs_total', { trigger: 'nightly', outcome: 'done' })).toBe(
      1,
    );
  });

  it('reads the gauges of the database once per scrape, each source once however many gauges use it', async () => {
    const metrics = createMetrics();
    let queueReads = 0;
    let depth = 3;
    metrics.sources.queues = async () => {
      queueReads += 1;
      return [
        { queue: 'vas-posting', waiting: depth, active: 1 },
        { queue: 'mail', waiting: 0, active: 0 },
      ];
    };
    metrics.sources.reconciliations = async () => [
      {
        trigger: 'nightly',
        finishedAt: new Date('2026-11-02T23:05:00Z'),
        differences: { missing_in_sap: 2, amount_differs: 0 },
      },
    ];
    const first = await scrape(metrics);
    expect(queueReads).toBe(1);
    expect(valueOf(first, 'ff_queue_depth', { queue: 'vas-posting' })).toBe(3);
    expect(valueOf(first, 'ff_queue_active_jobs', { queue: 'vas-posting' })).toBe(1);
    expect(valueOf(first, 'ff_queue_depth', { queue: 'mail' })).toBe(0);
    expect(
      valueOf(first, 'ff_reconciliation_differences', { trigger: 'nightly', type: 'missing_in_sap' }),
    ).toBe(2);
    expect(
      valueOf(first, 'ff_reconciliation_differences', { trigger: 'nightly', type: 'amount_differs' }),
    ).toBe(0);
    expect(valueOf(first, 'ff_reconciliation_last_finished_timestamp_seconds', { trigger: 'nightly' })).toBe(
      Date.parse('2026-11-02T23:05:00Z') / 1000,
    );
    // The next scrape reads again: a gauge is the state now, not a value kept from before.
    depth = 0;
    expect(valueOf(await scrape(metrics), 'ff_queue_depth', { queue: 'vas-posting' })).toBe(0);
    expect(queueReads).toBe(2);
  });

  it('leaves a gauge out when its source fails and counts the failure in the same scrape, never failing the scrape', async () => {
    const metrics = createMetrics();
    metrics.sources.queues = async () => {
      throw new Error('connection refused');
    };
    metrics.posting('salesInvoice', 'found');
    const exposition = await scrape(metrics);
    expect(samplesOf(exposition, 'ff_queue_depth')).toEqual([]);
    expect(samplesOf(exposition, 'ff_queue_active_jobs')).toEqual([]);
    expect(valueOf(exposition, 'ff_metrics_source_failures_total', { source: 'queues' })).toBe(1);
    expect(valueOf(exposition, 'ff_postings_total', { kind: 'salesInvoice', outcome: 'found' })).toBe(1);
  });

  it('gives up on a source that does not answer within 2 s, so a stuck database does not hold the scrape', async () => {
    vi.useFakeTimers();
    const metrics = createMetrics();
    metrics.sources.reconciliations = () => new Promise(() => undefined);
    const scraping = scrape(metrics);
    await vi.advanceTimersByTimeAsync(2_000);
    const exposition = await scraping;
    expect(samplesOf(exposition, 'ff_reconciliation_differences')).toEqual([]);
    expect(valueOf(exposition, 'ff_metrics_source_failures_total', { source: 'reconciliations' })).toBe(1);
  });

  it('adds the process metrics once, under their usual names', async () => {
    const metrics = createMetrics();
    expect(samplesOf(await scrape(metrics), 'process_cpu_user_seconds_total')).toEqual([]);
    metrics.collectProcessMetrics();
    metrics.collectProcessMetrics();
    const exposition = await scrape(metrics);
    // Counted from when collection began, so it may still be 0 on a scrape right after (CI saw 0): once, and a count.
    expect(samplesOf(exposition, 'process_cpu_user_seconds_total')).toHaveLength(1);
    expect(valueOf(exposition, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(valueOf(exposition, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(exposition.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
  });
});
