import {
  PERMISSIONS,
  RECONCILIATION_DIFFERENCE_TYPES,
  type ReconciliationDifference,
  type ReconciliationRun,
  type ReconciliationRunDetail,
  type ReconciliationSummary,
} from '@ff/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AuditContext } from '../../lib/audit-context.js';
import type { LastReconciliation, Metrics } from '../../lib/metrics.js';
import { notFound } from '../../lib/errors.js';
import type { Notifier } from '../../lib/notices.js';
import { formatDateTime, formatDay, instantOfWallClock } from '../../lib/time.js';
import type { SapServiceDeps } from '../posting/sap-service-deps.js';
import { compare } from './compare.js';
import { KEY_PREFIXES } from './keys.js';
import { createAdopter, type Caller } from './reconciliation-adopt.js';
import type { DayRange } from './reconciliation-postings.repository.js';
import type { ReconciliationRepository, RunRow } from './reconciliation.repository.js';
import { groupByKey, keysOnlyInSap, keysWithoutDocuments, type TheirDocument } from './sap-groups.js';
import { documentsOfKeys } from './sap-lookup.js';
import { scoped } from './scope.js';

/**
 * SAP's documents are read this many days beyond the range on each side, so a date moved a little reads as
 * moved; our keys SAP still shows nowhere are then looked up whatever their date (sap-lookup.ts).
 */
export const SAP_WINDOW_DAYS = 7;
/** The nightly run starts at this hour of APP_TIMEZONE and covers the last 7 whole days. */
export const NIGHTLY_HOUR = 2;
export const NIGHTLY_DAYS = 7;

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type ReconciliationResult = {
  summary: ReconciliationSummary;
  differences: ReconciliationDifference[];
};
export type { Caller };

export type ReconciliationServiceDeps = SapServiceDeps<ReconciliationRepository> & {
  notifier: Notifier;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  timeZone: string;
  /** Puts a run on the queue inside the transaction that created it; without one, runs go in the background. */
  enqueue?: ((tx: Db, runId: number) => Promise<void>) | undefined;
  /** Counts the runs carried out here (`ff_reconciliation_runs_total`). */
  metrics?: Pick<Metrics, 'reconciliationRun'> | undefined;
};

const differenceCount = (summary: ReconciliationSummary) =>
  Object.entries(summary).reduce((sum, [name, count]) => (name === 'matched' ? sum : sum + count), 0);

/** A stored summary's counts by difference type: `missingInSap` is counted as `missing_in_sap`. */
const summaryOf = (summary: ReconciliationSummary | null): Record<string, number> =>
  Object.fromEntries(
    Object.entries(summary ?? {}).map(([name, count]) => [
      name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      count,
    ]),
  );

const storedDifferences = (row: RunRow) => (row.differences as ReconciliationDifference[] | null) ?? [];

/**
 * A stored run as the routes answer it to a holder of `permissions`: its times `yyyy-MM-dd HH:mm:ss` in
 * `timeZone` (APP_TIMEZONE), and how many of its differences they may not see (scope.ts).
 */
export function toRun(row: RunRow, timeZone: string, permissions: readonly string[]): ReconciliationRun {
  return {
    id: row.id,
    fromDate: row.fromDate,
    toDate: row.toDate,
    status: row.status,
    trigger: row.trigger,
    startedBy: row.startedBy,
    createdAt: formatDateTime(row.createdAt, timeZone),
    finishedAt: row.finishedAt && formatDateTime(row.finishedAt, timeZone),
    summary: (row.summary as ReconciliationSummary | null) ?? null,
    error: row.error,
    hiddenDifferences: scoped(storedDifferences(row), permissions).hidden,
  };
}

/**
 * Reconciliation with SAP: a run compares every posting of ours dated in the range with the SAP documents
 * carrying our keys (compare.ts), on the queue (jobs/reconciliation.job.ts), from the command line, or nightly.
 */
export function createReconciliationService(deps: ReconciliationServiceDeps) {
  const { repository } = deps;
  const wire = (row: RunRow, permissions: readonly string[]) => toRun(row, deps.timeZone, permissions);

  /** Our postings against SAP's documents over the range. Throws when SAP cannot be read. */
  async function reconcile(range: DayRange): Promise<ReconciliationResult> {
    const window = {
      fromDate: addDays(range.fromDate, -SAP_WINDOW_DAYS),
      toDate: addDays(range.toDate, SAP_WINDOW_DAYS),
    };
    const theirs: TheirDocument[] = [];
    for (const entity of ['JournalEntries', 'Invoices'] as const) {
      const referenceField = entity === 'JournalEntries' ? 'Reference3' : 'Reference2';
      const documents = await deps
        .sap()
        .documentsInRange(entity, referenceField, { ...window, prefixes: KEY_PREFIXES[entity] });
      theirs.push(...documents.map((d) => ({ ...d, entity })));
    }
    let groups = groupByKey(theirs);
    const ours = await repository.oursInRange(range);
    // Keys SAP holds in the range that none of ours in the range carries: posted here on another day, or not at all.
    const others = await repository.decodeKeys(keysOnlyInSap(ours, groups, range));
    ours.push(...(await repository.oursByKeys(others)));
    // Before calling a posting missing: SAP may hold its key on a day far from the range (a moved date).
    const unseen = keysWithoutDocuments(ours, groups);
    if (unseen.length) {
      const read = new Set(theirs.map((d) => `${d.entity} ${d.docEntry}`));
      const found = await documentsOfKeys(deps.sap(), unseen);
      theirs.push(...found.filter((d) => !read.has(`${d.entity} ${d.docEntry}`)));
      groups = groupByKey(theirs);
    }
    const records = await repository.recordsByKeys(others);
    return compare({ range, ours, groups, records, decoded: others });
  }

  /** Runs a stored run to its end: done with its findings, or failed with the reason. */
  async function execute(runId: number): Promise<RunRow | undefined> {
    const run = await repository.markRunning(runId);
    if (!run) return repository.run(runId);
    try {
      const result = await reconcile(run);
      await repository.finishRun(runId, result);
      deps.metrics?.reconciliationRun(run.trigger, 'done');
      const count = differenceCount(result.summary);
      deps.log.info({ runId, summary: result.summary }, 'Reconciliation with SAP finished');
      if (run.trigger === 'nightly' && count > 0) {
        await deps.notifier
          .toPermission(PERMISSIONS.runReconciliation, {
            type: 'reconciliation_differences',
            title: `Reconciliation found ${count} difference${count === 1 ? '' : 's'}`,
            body: `The nightly reconciliation of postings dated ${run.fromDate} to ${run.toDate} found ${count} difference${count === 1 ? '' : 's'} with SAP.`,
            link: `/reconciliation?run=${runId}`,
            dedupeKey: `reconciliation-${runId}`,
          })
          .catch((err: unknown) => deps.log.warn({ err, runId }, 'Could not notify of the differences'));
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.log.warn({ err: error, runId }, 'Reconciliation with SAP failed');
      await repository.finishRun(runId, { error: message });
      deps.metrics?.reconciliationRun(run.trigger, 'failed');
    }
    return repository.run(runId);
  }

  /** Stores a run and hands it to the queue (or this process's background) in one transaction. */
  async function create(
    range: DayRange,
    trigger: 'user' | 'nightly',
    startedById: number | null,
    audit: (tx: Db, id: number) => Promise<unknown>,
    guard?: (tx: Db) => Promise<boolean>,
  ): Promise<number | undefined> {
    const id = await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      if (guard && !(await guard(tx))) return undefined;
      const runId = await repository.insertRun(tx, { ...range, trigger, startedById });
      await audit(tx, runId);
      await deps.enqueue?.(tx, runId);
      return runId;
    });
    if (id !== undefined && !deps.enqueue) {
      setImmediate(() => {
        execute(id).catch((err: unknown) => deps.log.error({ err, runId: id }, 'Reconciliation failed'));
      });
    }
    return id;
  }

  return {
    reconcile,
    execute,

    /**
     * The differences the last finished run of each trigger found, by type (every type, 0 when none), and when it
     * finished: the metrics' `ff_reconciliation_differences`, read from the database whichever process ran it.
     */
    async lastFinished(): Promise<LastReconciliation[]> {
      return (await repository.lastFinishedByTrigger()).map((run) => ({
        trigger: run.trigger,
        finishedAt: run.finishedAt,
        differences: Object.fromEntries(
          RECONCILIATION_DIFFERENCE_TYPES.map((type) => [type, Number(summaryOf(run.summary)[type]) || 0]),
        ),
      }));
    },

    async start(range: DayRange, caller: Caller): Promise<ReconciliationRun> {
      const id = await create(range, 'user', caller.userId, (tx, runId) =>
        deps.audit.record(
          caller.context,
          `Started reconciliation #${runId} with SAP of postings dated ${range.fromDate} to ${range.toDate}`,
          tx,
        ),
      );
      return wire((await repository.run(id!))!, caller.permissions);
    },

    /** The command line: a run stored as `cli` and run in this process. */
    async runNow(range: DayRange, context: AuditContext): Promise<RunRow> {
      const id = await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const runId = await repository.insertRun(tx, { ...range, trigger: 'cli', startedById: null });
        await deps.audit.record(
          context,
          `Started reconciliation #${runId} with SAP of postings dated ${range.fromDate} to ${range.toDate}`,
          tx,
        );
        return runId;
      });
      return (await execute(id))!;
    },

    /**
     * The nightly run, once a day from NIGHTLY_HOUR in APP_TIMEZONE (a process started later that day still runs
     * it); any number of processes may call this: a lock and the day's run row make it run once.
     */
    async startNightlyIfDue(now = new Date()): Promise<number | undefined> {
      const today = formatDay(now, deps.timeZone);
      const since = instantOfWallClock(`${today}T${String(NIGHTLY_HOUR).padStart(2, '0')}:00`, deps.timeZone);
      if (now < since) return undefined;
      const range = { fromDate: addDays(today, -NIGHTLY_DAYS), toDate: addDays(today, -1) };
      return create(
        range,
        'nightly',
        null,
        (tx, runId) =>
          deps.audit.record(
            { actor: { id: null, name: 'System' }, ip: '127.0.0.1' },
            `Started the nightly reconciliation #${runId} with SAP of postings dated ${range.fromDate} to ${range.toDate}`,
            tx,
          ),
        async (tx) => !(await repository.nightlyStartedSince(tx, since)),
      );
    },

    list: async (permissions: readonly string[]): Promise<ReconciliationRun[]> =>
      (await repository.runs()).map((row) => wire(row, permissions)),

    /** A run with the differences `permissions` may see (scope.ts). */
    async get(id: number, permissions: readonly string[]): Promise<ReconciliationRunDetail> {
      const row = await repository.run(id);
      if (!row) throw notFound('There is no reconciliation with this id.');
      return { ...wire(row, permissions), differences: scoped(storedDifferences(row), permissions).shown };
    },

    /** Marks the record of a "not posted here" difference posted with SAP's document (reconciliation-adopt.ts). */
    adopt: createAdopter(deps),
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
