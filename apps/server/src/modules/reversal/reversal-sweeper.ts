import { kindOfCode } from '@ff/contract';
import type { Db } from '../../db/client.js';
import type { Metrics } from '../../lib/metrics.js';
import { sweepTimer } from '../../lib/sweep-timer.js';
import { POSTING_STEPS, sapReferenceOf, staleAfterMs } from '../posting/posting-steps.js';
import type { SapGateway } from '../../erp/sap-gateway.js';
import type { Reversal, ReversalRepository } from './reversal.repository.js';
import { notifyFailure, reversalTexts, type ReversalDeps, type Settled } from './reversal.service.js';
import { recordName } from './reversibility.js';

export const INTERRUPTED_REVERSAL =
  'The reversal was interrupted before SAP confirmed it, and SAP has no cancellation of it. Reverse it again (SAP is checked for it first).';

const PAGE_SIZE = 200;
/** How long an unconfirmed reversal keeps being looked for in SAP on every sweep. */
const RECHECK_FOR_MS = 24 * 60 * 60 * 1000;

export type ReversalSweeperDeps = Pick<ReversalDeps, 'notifier' | 'log'> & {
  db: Db;
  repository: ReversalRepository;
  sap: () => SapGateway;
  sapTimeoutMs: number;
  /** Writes an audit entry as the system, in the given transaction. */
  audit: (event: string, tx: Db) => Promise<unknown>;
  /** Counts what became of each reversal it looked at (`ff_sweeper_settlements_total{sweeper="reversal"}`). */
  metrics?: Pick<Metrics, 'settled'> | undefined;
};

export type ReversalSweepResult = { reversed: string[]; unknown: string[]; skipped: string[] };

/**
 * Settles reversals a crashed process left `pending` (their lease, started_at, older than 2 x SAP_TIMEOUT_MS):
 * the cancellation is looked up in SAP; found, the record is reversed; not found, the reversal ends `unknown`
 * and the record is posted again (a later reverse request looks first). Also looks again, on every sweep for a
 * day, for the cancellation of reversals that ended unknown, so SAP and the records agree once it shows up.
 */
export function createReversalSweeper(deps: ReversalSweeperDeps) {
  const staleMs = staleAfterMs(deps.sapTimeoutMs);
  let running: Promise<ReversalSweepResult> | null = null;
  const count = (outcome: 'reversed' | 'unknown' | 'reversed_after_unknown' | 'skipped' | 'error') =>
    deps.metrics?.settled('reversal', outcome);

  const targetOf = (reversal: Reversal) => {
    const step = POSTING_STEPS[kindOfCode(reversal.kind)!];
    return { step, target: { ...sapReferenceOf(step), docEntry: reversal.sapDocEntry ?? 0 } };
  };

  async function labelOf(reversal: Reversal) {
    const { step } = targetOf(reversal);
    const now = await deps.repository.stepNow(step, reversal.recordId).catch(() => null);
    return recordName(step.name, reversal.recordId, now?.tripNumber ?? null);
  }

  async function settleStale(reversal: Reversal, before: Date, result: ReversalSweepResult) {
    const key = reversal.idempotencyKey;
    try {
      const { target } = targetOf(reversal);
      const found = reversal.sapDocEntry ? await deps.sap().findCancellation(target, key) : null;
      const settled: Settled = found
        ? { outcome: 'reversed', cancel: found }
        : { outcome: 'unknown', message: INTERRUPTED_REVERSAL };
      const label = await labelOf(reversal);
      const texts = reversalTexts(reversal, label, settled);
      const closed = await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        if (!(await deps.repository.close(reversal, settled, tx, before))) return false;
        await deps.audit(`Interrupted reversal settled: ${texts.audit}`.slice(0, 4000), tx);
        return true;
      });
      if (!closed) {
        count('skipped');
        return void result.skipped.push(key);
      }
      (found ? result.reversed : result.unknown).push(key);
      count(found ? 'reversed' : 'unknown');
      if (!found) await notifyFailure(deps, reversal, label, texts.message);
    } catch (error) {
      // SAP (or the database) did not answer: the next sweep tries again; nothing was changed.
      result.skipped.push(key);
      count('error');
      deps.log?.warn({ key, err: error }, 'Could not settle an interrupted reversal yet');
    }
  }

  async function recheck(reversal: Reversal, result: ReversalSweepResult) {
    if (!reversal.sapDocEntry) return;
    const key = reversal.idempotencyKey;
    try {
      const found = await deps.sap().findCancellation(targetOf(reversal).target, key);
      if (!found || !(await deps.repository.settleUnknownAsReversed(reversal, found))) return;
      result.reversed.push(key);
      count('reversed_after_unknown');
      const label = await labelOf(reversal);
      const texts = reversalTexts(reversal, label, { outcome: 'reversed', cancel: found });
      await deps.db.transaction(async (tx) =>
        deps.audit(`Unconfirmed reversal found in SAP: ${texts.audit}`.slice(0, 4000), tx as unknown as Db),
      );
    } catch (error) {
      result.skipped.push(key);
      count('error');
      deps.log?.warn({ key, err: error }, 'Could not check an unconfirmed reversal yet');
    }
  }

  async function sweepAll(now: Date): Promise<ReversalSweepResult> {
    const result: ReversalSweepResult = { reversed: [], unknown: [], skipped: [] };
    const before = new Date(now.getTime() - staleMs);
    for (let afterId = 0; ;) {
      const rows = await deps.repository.stalePending(before, afterId, PAGE_SIZE);
      if (!rows.length) break;
      afterId = rows[rows.length - 1]!.id;
      for (const row of rows) await settleStale(row, before, result);
    }
    const since = new Date(now.getTime() - RECHECK_FOR_MS);
    for (let afterId = 0; ;) {
      const rows = await deps.repository.unconfirmedSince(since, afterId, PAGE_SIZE);
      if (!rows.length) break;
      afterId = rows[rows.length - 1]!.id;
      for (const row of rows) if (row.finishedAt && row.finishedAt < before) await recheck(row, result);
    }
    return result;
  }

  /** One pass; a call while a pass runs shares it. */
  function sweepOnce(now?: Date): Promise<ReversalSweepResult> {
    running ??= sweepAll(now ?? new Date()).finally(() => {
      running = null;
    });
    return running;
  }

  /** Sweeps every `intervalMs` (lib/sweep-timer.ts); answers a stop function. */
  const start = sweepTimer({
    staleMs,
    busy: () => running !== null,
    tick: () => {
      sweepOnce().catch((error: unknown) => deps.log?.warn({ err: error }, 'Sweeping reversals failed'));
    },
    settle: async () => {
      await running?.catch(() => undefined);
    },
  });

  return { staleAfterMs: staleMs, sweepOnce, start };
}

export type ReversalSweeper = ReturnType<typeof createReversalSweeper>;
