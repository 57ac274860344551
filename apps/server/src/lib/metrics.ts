import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (issue 22; docs/operations.md "Metrics" lists every series). One Registry per
 * `createMetrics()`, never prom-client's global one: every services instance (services.ts) has its own, so the
 * many apps a test process builds do not share counts or clash over names. Callers record through the methods
 * below, whose label values are closed sets (a route's pattern, a kind's internal name, a SAP entity set), so the
 * number of series stays bounded whatever the requests carry. Gauges of state kept in the database (queue depth,
 * the last reconciliation) are read when scraped, through sources the composition root sets.
 */

/** Seconds: an API answer from a millisecond to a 500-row post request of a minute or more. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
/** Seconds: one exchange with the Service Layer, up to SAP_TIMEOUT_MS (30 s by default). */
const SAP_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** How long a scrape waits for a source in the database before it leaves that gauge out. */
const SOURCE_TIMEOUT_MS = 2_000;

/** The `route` label of a request that matched no route (the web app's pages served by the fallback, 404s). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * What posting one row through the exactly-once protocol came to (modules/posting/exactly-once.ts): SAP created the
 * document, a look-up found it there already, SAP refused it or was not reached, nobody knows, or nothing was
 * sent (the row could not become a SAP document, or the database was away).
 */
export type PostingOutcomeLabel = 'posted' | 'found' | 'failed' | 'unknown' | 'not_sent';
/** A look-up of a posting's keys before its first POST, or before a retry after an unconfirmed one. */
export type LookupStage = 'first' | 'retry';
export type LookupResult = 'absent' | 'found' | 'conflict' | 'error';
export type Sweeper = 'posting' | 'reversal';
/**
 * What a sweeper did with a row: settled it (posting: `posted`, `failed`, `posted_after_failure`; reversal:
 * `reversed`, `unknown`, `reversed_after_unknown`), left it to its poster who was alive after all (`skipped`), or
 * could not settle it yet because SAP or the database did not answer (`error`, tried again next sweep).
 */
export type SweeperOutcome =
  | 'posted'
  | 'failed'
  | 'posted_after_failure'
  | 'reversed'
  | 'unknown'
  | 'reversed_after_unknown'
  | 'skipped'
  | 'error';

/** A queue's jobs now: waiting to run (created, or waiting to retry) and running. */
export type QueueDepth = { queue: string; waiting: number; active: number };
/** The last finished reconciliation run of a trigger: when it finished and its differences by type. */
export type LastReconciliation = {
  trigger: string;
  finishedAt: Date;
  differences: Record<string, number>;
};

export type MetricsSources = {
  /** The depth of each queue (jobs/queue.ts); unset when the process runs without the queue. */
  queues?: (() => Promise<QueueDepth[]>) | undefined;
  /** The last finished reconciliation of each trigger (modules/reconciliation). */
  reconciliations?: (() => Promise<LastReconciliation[]>) | undefined;
};

/** Waits for `read` at most SOURCE_TIMEOUT_MS. */
async function withinDeadline<T>(read: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No answer within ${SOURCE_TIMEOUT_MS} ms`)),
      SOURCE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([read(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const SAP_OPERATION =
  /^(GET|POST|PATCH|PUT|DELETE) [A-Za-z_][A-Za-z0-9_]*(\(:key\))?(\/[A-Za-z_][A-Za-z0-9_]*)?$/;

/**
 * The `operation` label of a Service Layer call: its method and resource with the key in parentheses replaced,
 * so every document shares one value (`POST JournalEntries(:key)/Cancel`); anything else is `other`.
 */
export function sapOperationLabel(method: string, resource: string): string {
  const path = resource
    .split('?', 1)[0]!
    .replace(/^\/+/, '')
    .replace(/\([^)]*\)/g, '(:key)');
  const label = `${method} ${path}`;
  return SAP_OPERATION.test(label) ? label : `${method} other`;
}

/** The help text of each series, by name (createMetrics registers every one). */
const HELP = {
  ff_http_request_duration_seconds:
    'Time from receiving an HTTP request to sending its answer, by method, route pattern and status.',
  ff_postings_total:
    'Rows taken through the exactly-once posting protocol (post requests and the VAS queue), one per try, by kind and outcome.',
  ff_posting_lookups_total:
    "Look-ups of a posting's keys in SAP before a POST (stage first) or before a retry after an unconfirmed one (stage retry), by what SAP held.",
  ff_sap_request_duration_seconds:
    'Duration of each HTTP exchange with the SAP Service Layer (Login and Logout included), by operation.',
  ff_sap_errors_total:
    'Service Layer calls that failed, by operation and kind (business, auth, unavailable, timeout, outcome-unknown).',
  ff_sweeper_settlements_total:
    'Rows the posting and reversal sweepers looked at, by sweeper and what became of them.',
  ff_queue_job_failures_total:
    'Queue jobs run in this process that threw (pg-boss retries them up to the queue limit), by queue.',
  ff_reconciliation_runs_total:
    'Reconciliation runs carried out in this process, by trigger (user, nightly, cli) and outcome (done, failed).',
  ff_metrics_source_failures_total:
    'Scrapes that could not read a gauge from the database within 2 s (the gauge is then left out), by source.',
  ff_queue_depth: 'Jobs of a queue waiting to run (new, or waiting to retry), in any process, by queue.',
  ff_queue_active_jobs: 'Jobs of a queue running now, in any process, by queue.',
  ff_reconciliation_differences:
    'Differences with SAP the last finished reconciliation run of each trigger found, by trigger and difference type.',
  ff_reconciliation_last_finished_timestamp_seconds:
    'When the last finished reconciliation run of each trigger ended (Unix time), in any process.',
};
type MetricName = keyof typeof HELP;

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const sources: MetricsSources = {};
  let processMetrics = false;

  const counter = <L extends string>(name: MetricName, labelNames: readonly L[]) =>
    new Counter({ name, help: HELP[name], labelNames, registers });
  const histogram = <L extends string>(name: MetricName, labelNames: readonly L[], buckets: number[]) =>
    new Histogram({ name, help: HELP[name], labelNames, buckets, registers });
  /** A gauge set afresh at each scrape from what `read` answers; left empty when it answers nothing. */
  const gauge = <L extends string, T>(
    name: MetricName,
    labelNames: readonly L[],
    read: () => Promise<T | undefined>,
    fill: (gauge: Gauge<L>, value: T) => void,
  ) =>
    new Gauge({
      name,
      help: HELP[name],
      labelNames,
      registers,
      async collect() {
        const value = await read();
        this.reset();
        if (value !== undefined) fill(this, value);
      },
    });

  const httpDuration = histogram(
    'ff_http_request_duration_seconds',
    ['method', 'route', 'status'],
    HTTP_BUCKETS,
  );
  const postings = counter('ff_postings_total', ['kind', 'outcome']);
  const lookups = counter('ff_posting_lookups_total', ['stage', 'result']);
  const sapDuration = histogram('ff_sap_request_duration_seconds', ['operation'], SAP_BUCKETS);
  const sapErrors = counter('ff_sap_errors_total', ['operation', 'kind']);
  const settlements = counter('ff_sweeper_settlements_total', ['sweeper', 'outcome']);
  const jobFailures = counter('ff_queue_job_failures_total', ['queue']);
  const reconciliationRuns = counter('ff_reconciliation_runs_total', ['trigger', 'outcome']);

  /** Reads a source for a gauge at scrape time; a failure leaves the gauges out and is counted, never a 500. */
  async function readSource<T>(name: keyof MetricsSources, read: (() => Promise<T>) | undefined) {
    if (!read) return undefined;
    try {
      return await withinDeadline(read);
    } catch {
      sourceFailures.inc({ source: name });
      return undefined;
    }
  }

  /**
   * A source read once per scrape however many gauges need it: prom-client collects every metric of a registry
   * at once, so the gauges of one source share the read in flight.
   */
  function shared<T>(name: keyof MetricsSources, source: () => (() => Promise<T>) | undefined) {
    let inFlight: Promise<T | undefined> | undefined;
    return () => {
      inFlight ??= readSource(name, source()).finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    };
  }
  const readQueues = shared('queues', () => sources.queues);
  const readReconciliations = shared('reconciliations', () => sources.reconciliations);
  const sourceFailures = new Counter({
    name: 'ff_metrics_source_failures_total',
    help: HELP.ff_metrics_source_failures_total,
    labelNames: ['source'] as const,
    registers,
    // Waits for this scrape's reads, so a failure shows in the scrape it happened in.
    async collect() {
      await Promise.all([readQueues(), readReconciliations()]);
    },
  });

  gauge('ff_queue_depth', ['queue'], readQueues, (depth, queues) => {
    for (const { queue, waiting } of queues) depth.set({ queue }, waiting);
  });
  gauge('ff_queue_active_jobs', ['queue'], readQueues, (activeJobs, queues) => {
    for (const { queue, active } of queues) activeJobs.set({ queue }, active);
  });
  gauge('ff_reconciliation_differences', ['trigger', 'type'], readReconciliations, (differences, runs) => {
    for (const run of runs)
      for (const [type, count] of Object.entries(run.differences))
        differences.set({ trigger: run.trigger, type }, count);
  });
  gauge(
    'ff_reconciliation_last_finished_timestamp_seconds',
    ['trigger'],
    readReconciliations,
    (last, runs) => {
      for (const run of runs) last.set({ trigger: run.trigger }, run.finishedAt.getTime() / 1000);
    },
  );

  return {
    /** Where the gauges of the database read from (services.ts sets them). */
    sources,

    /** One answered HTTP request (plugins/metrics.ts): `route` is the route's pattern or UNMATCHED_ROUTE. */
    httpRequest(method: string, route: string, status: number, seconds: number) {
      httpDuration.observe({ method, route, status: String(status) }, seconds);
    },
    /** One row taken through the exactly-once protocol; `kind` is the registry's internal name. */
    posting(kind: string, outcome: PostingOutcomeLabel) {
      postings.inc({ kind, outcome });
    },
    /** One posting's keys looked up in SAP (or the look-up failed). */
    lookup(stage: LookupStage, result: LookupResult) {
      lookups.inc({ stage, result });
    },
    /** One HTTP exchange with the Service Layer; `operation` from sapOperationLabel. */
    sapExchange(operation: string, seconds: number) {
      sapDuration.observe({ operation }, seconds);
    },
    /** One Service Layer call that failed, with its SapError kind. */
    sapFailure(operation: string, kind: string) {
      sapErrors.inc({ operation, kind });
    },
    /** One row a sweeper looked at. */
    settled(sweeper: Sweeper, outcome: SweeperOutcome) {
      settlements.inc({ sweeper, outcome });
    },
    /** One queue job that threw. */
    jobFailed(queue: string) {
      jobFailures.inc({ queue });
    },
    /** One reconciliation run carried out to its end. */
    reconciliationRun(trigger: string, outcome: 'done' | 'failed') {
      reconciliationRuns.inc({ trigger, outcome });
    },

    /**
     * Adds prom-client's process metrics (CPU, memory, event loop lag, GC, handles; their usual names, without
     * our prefix) to this registry, once: only a process that serves /metrics pays for them. prom-client keeps its
     * GC observer and event-loop monitor for the life of the process.
     */
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry });
    },

    /** The Prometheus text exposition of every series, and its content type. */
    async exposition(): Promise<{ contentType: string; text: string }> {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },

    /** The registry itself, for tests that read one value. */
    registry,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
