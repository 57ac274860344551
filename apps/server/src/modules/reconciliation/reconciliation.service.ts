import {
  PERMISSIONS,
  RECORD_KINDS_PLAIN,
  type ReconciliationDifference,
  type ReconciliationRun,
  type ReconciliationRunDetail,
  type ReconciliationSummary,
} from '@ff/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AuditContext } from '../../lib/audit-context.js';
import { HttpError, notFound } from '../../lib/errors.js';
import type { Notifier } from '../../lib/notices.js';
import { formatDateTime, formatDay, instantOfWallClock } from '../../lib/time.js';
import type { AuditService } from '../audits/audit.service.js';
import { sapRef, type SapGateway } from '../posting/sap-gateway.js';
import { compare, groupByKey, keysOnlyInSap, recordLabel, type TheirDocument } from './compare.js';
import { decodeKey, KEY_PREFIXES, type DecodedKey } from './keys.js';
import type { DayRange } from './reconciliation-postings.repository.js';
import type { ReconciliationRepository, RunRow } from './reconciliation.repository.js';

/** SAP's documents are read this many days beyond the range on each side, so a moved date reads as moved. */
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
export type Caller = { userId: number; context: AuditContext };

export type ReconciliationServiceDeps = {
  db: Db;
  repository: ReconciliationRepository;
  sap: () => SapGateway;
  audit: AuditService;
  notifier: Notifier;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  timeZone: string;
  /** Puts a run on the queue inside the transaction that created it; without one, runs go in the background. */
  enqueue?: ((tx: Db, runId: number) => Promise<void>) | undefined;
};

const differenceCount = (summary: ReconciliationSummary) =>
  Object.entries(summary).reduce((sum, [name, count]) => (name === 'matched' ? sum : sum + count), 0);

/** A stored run as the routes answer it: its times `yyyy-MM-dd HH:mm:ss` in `timeZone` (APP_TIMEZONE). */
export function toRun(row: RunRow, timeZone: string): ReconciliationRun {
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
  };
}

/**
 * Reconciliation with SAP: a run compares every posting of ours dated in the range with the SAP documents
 * carrying our keys (compare.ts), on the queue (jobs/reconciliation.job.ts), from the command line, or nightly.
 */
export function createReconciliationService(deps: ReconciliationServiceDeps) {
  const { repository } = deps;
  const wire = (row: RunRow) => toRun(row, deps.timeZone);

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
    const groups = groupByKey(theirs);
    const ours = await repository.oursInRange(range);
    // Keys SAP holds in the range that none of ours in the range carries: posted here on another day, or not at all.
    const others = new Map<string, DecodedKey>();
    for (const key of keysOnlyInSap(ours, groups, range)) {
      const decoded = decodeKey(key);
      if (decoded) others.set(key, decoded);
    }
    ours.push(...(await repository.oursByKeys(others)));
    const records = await repository.recordsByKeys(others);
    return compare({ range, ours, groups, records });
  }

  /** Runs a stored run to its end: done with its findings, or failed with the reason. */
  async function execute(runId: number): Promise<RunRow | undefined> {
    const run = await repository.markRunning(runId);
    if (!run) return repository.run(runId);
    try {
      const result = await reconcile(run);
      await repository.finishRun(runId, result);
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

    async start(range: DayRange, caller: Caller): Promise<ReconciliationRun> {
      const id = await create(range, 'user', caller.userId, (tx, runId) =>
        deps.audit.record(
          caller.context,
          `Started reconciliation #${runId} with SAP of postings dated ${range.fromDate} to ${range.toDate}`,
          tx,
        ),
      );
      return wire((await repository.run(id!))!);
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

    list: async (): Promise<ReconciliationRun[]> => (await repository.runs()).map(wire),

    async get(id: number): Promise<ReconciliationRunDetail> {
      const row = await repository.run(id);
      if (!row) throw notFound('There is no reconciliation with this id.');
      return { ...wire(row), differences: (row.differences as ReconciliationDifference[] | null) ?? [] };
    },

    /** Marks the record of a "not posted here" difference posted with SAP's document. */
    async adopt(runId: number, index: number, caller: Caller): Promise<{ message: string }> {
      return deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const differences = await repository.lockedDifferences(tx, runId);
        if (!differences) throw notFound('There is no reconciliation with this id.');
        const difference = differences[index];
        if (!difference) throw notFound('This reconciliation has no such difference.');
        const decoded = decodeKey(difference.idempotencyKey);
        const label = recordLabel(decoded?.kind, difference.recordId, difference.tripNumber);
        if (difference.type !== 'not_posted_here' || !difference.adoptable || !decoded)
          throw new HttpError(422, `${label}: this difference cannot be adopted.`);
        const ref = { docEntry: difference.sapDocEntry, docNum: difference.sapDocNum };
        const adopted = await repository.adopt(
          tx,
          {
            ...decoded,
            key: difference.idempotencyKey,
            ref,
            postingDate: difference.sap?.postingDate ?? null,
            amount: difference.sap?.amount ?? null,
          },
          caller.userId,
        );
        if (!adopted)
          throw new HttpError(
            409,
            `${label}: the record is no longer unposted or failed here; run the reconciliation again.`,
          );
        differences[index] = { ...difference, adoptable: false };
        await repository.setDifferences(tx, runId, differences);
        const noun = RECORD_KINDS_PLAIN[decoded.kind].noun.one;
        await deps.audit.record(
          caller.context,
          `Adopted SAP's document (${sapRef(ref)}, key ${difference.idempotencyKey}) for ${label} from reconciliation #${runId}: the ${noun} is posted`,
          tx,
        );
        return { message: `${label}: marked posted with SAP's ${sapRef(ref)}.` };
      });
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
