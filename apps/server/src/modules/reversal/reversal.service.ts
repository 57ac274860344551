import { viewableKinds, type PostingRow, type RecordKindName } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { isConnectionError, retryOnConnectionLoss } from '../../db/connection-faults.js';
import type { AuditContext } from '../../lib/audit-context.js';
import { HttpError, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { Notifier } from '../../lib/notices.js';
import { leaseRenewalMs, sapReferenceOf } from '../posting/posting-steps.js';
import { sapRef } from '../../erp/sap-gateway.js';
import type { SapServiceDeps } from '../posting/sap-service-deps.js';
import { cancelExactlyOnce, type CancelOutcome } from './cancel-exactly-once.js';
import type { Reversal, ReversalRepository } from './reversal.repository.js';
import { reversedRow } from './reversed-row.js';
import { recordName, refusalOf } from './reversibility.js';

export type ReversalDeps = SapServiceDeps<ReversalRepository> & {
  notifier: Notifier;
  sapTimeoutMs: number;
  /** APP_TIMEZONE: the answer's times are `yyyy-MM-dd HH:mm:ss` in it. */
  timeZone: string;
  /** Pause before looking for the cancellation after an unknown outcome (default 500 ms). */
  settleMs?: number;
  log?: { warn(obj: object, msg: string): void };
};

/** The audit line and the user's message of a settled reversal. */
export function reversalTexts(reversal: Reversal, label: string, outcome: Settled) {
  if (outcome.outcome === 'reversed') {
    const original = sapRef({ docEntry: reversal.sapDocEntry, docNum: reversal.sapDocNum });
    const cancel = outcome.cancel.docEntry ? ` (cancellation DocEntry ${outcome.cancel.docEntry})` : '';
    return {
      audit: `Reversed ${label} ${original} in SAP${cancel}: ${reversal.reason}`,
      message: `${label} reversed in SAP.`,
    };
  }
  if (outcome.outcome === 'unknown') {
    return {
      audit: `Reversal of ${label} not confirmed by SAP: ${outcome.message} (reason: ${reversal.reason})`,
      message: `SAP did not confirm the cancellation of ${label}; it will be checked before any retry.`,
    };
  }
  return {
    audit: `Reversal of ${label} failed: ${outcome.message} (reason: ${reversal.reason})`,
    message: `${label} could not be reversed: ${outcome.message}`,
  };
}

export type Settled =
  | { outcome: 'reversed'; cancel: { docEntry: number | null; docNum: number | null } }
  | { outcome: 'failed' | 'unknown'; message: string };

export const settledOf = (outcome: CancelOutcome): Settled =>
  outcome.outcome === 'reversed' ? { outcome: 'reversed', cancel: outcome.cancel } : outcome;

/**
 * Runs `record` (SAP's answer written down), retried on a lost connection; when the database stays away the
 * caller learns what SAP did and that it is being recorded (503), never an invitation to reverse again.
 */
async function recordedOrExplained<T>(label: string, settled: Settled, record: () => Promise<T>): Promise<T> {
  try {
    return await retryOnConnectionLoss(record);
  } catch (error) {
    if (!isConnectionError(error)) throw error;
    throw new HttpError(
      503,
      settled.outcome === 'reversed'
        ? `SAP cancelled ${label}, but the database could not be reached to record it. It is recorded within a minute and Posting History then shows it reversed: do not reverse it again.`
        : `SAP's answer on ${label} could not be recorded because the database could not be reached. The reversal is checked in SAP and settled within a minute; Posting History then shows its outcome.`,
    );
  }
}

/** A failed or unconfirmed reversal tells the one who asked for it (the bell). */
export async function notifyFailure(
  deps: Pick<ReversalDeps, 'notifier' | 'log'>,
  reversal: Reversal,
  label: string,
  message: string,
) {
  if (!reversal.requestedById) return;
  try {
    await deps.notifier.toUsers([reversal.requestedById], {
      type: 'reversal_failed',
      title: `${label} was not reversed`,
      body: message,
      link: `/postings?posting=${reversal.postingId}`,
      dedupeKey: `reversal-${reversal.id}`,
    });
  } catch (error) {
    deps.log?.warn({ err: error }, 'Could not notify about a failed reversal');
  }
}

/**
 * Reversal of a posting (issue 11): claims it (the record step moves to `reversing` and a pending reversal
 * row is its lease), cancels the SAP document exactly once, then records the outcome fenced on that row.
 */
export function createReversalService(deps: ReversalDeps) {
  const { repository } = deps;

  async function claim(postingId: number, reason: string, userId: number | null, kinds: RecordKindName[]) {
    const posting = await repository.posting(postingId, kinds);
    if (!posting) throw notFound('There is no posting with this id.');
    const postedRef = await repository.postedRef(posting);
    try {
      return await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const now = await repository.stepNow(posting.step, posting.recordId, tx, true);
        if (!now) throw notFound('There is no posting with this id.');
        const label = recordName(posting.step.name, posting.recordId, now.tripNumber);
        const refusal = refusalOf(posting.generation, now);
        if (refusal) throw new HttpError(refusal.status, `${label}: ${refusal.reason}`);
        const ref = now.sapDocEntry ? { docEntry: now.sapDocEntry, docNum: now.sapDocNum } : postedRef;
        if (!ref?.docEntry) throw new HttpError(422, `${label}: its SAP document is not known.`);
        const earlier = await repository.reversalsOf(
          posting.step.kind,
          posting.recordId,
          posting.generation,
          tx,
        );
        const reversal = await repository.open(posting, { ref, reason, userId }, tx);
        return {
          posting,
          reversal,
          label,
          lookFirst: earlier.some((r) => r.outcome === 'unknown' || r.outcome === 'pending'),
        };
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new HttpError(409, 'A reversal of this posting is already running.');
      throw error;
    }
  }

  return {
    /**
     * Reverses the posting for a caller holding `permissions`: a posting of a kind they may not view is answered
     * 404 like one that does not exist (Reverse Postings alone opens no kind).
     */
    async reverse(
      postingId: number,
      reason: string,
      context: AuditContext,
      permissions: readonly string[],
    ): Promise<{ message: string; data: PostingRow }> {
      const { posting, reversal, label, lookFirst } = await claim(
        postingId,
        reason,
        context.actor.id,
        viewableKinds(permissions),
      );
      const renewal = setInterval(() => {
        repository.renew(reversal.id).catch(() => undefined);
      }, leaseRenewalMs(deps.sapTimeoutMs));
      let outcome: CancelOutcome;
      try {
        outcome = await cancelExactlyOnce(
          deps.sap(),
          { ...sapReferenceOf(posting.step), docEntry: reversal.sapDocEntry! },
          reversal.idempotencyKey,
          {
            lookFirst,
            settleMs: deps.settleMs ?? 500,
            beforeSend: () => repository.renew(reversal.id, true),
          },
        );
      } finally {
        clearInterval(renewal);
      }
      let settled = settledOf(outcome);
      const texts = reversalTexts(reversal, label, settled);
      // SAP has answered: from here a lost database connection must not read as "try again". The close is
      // fenced on the pending reversal, so it is safe to repeat; if the database stays away, the reversal sweeper
      // settles it from SAP once its lease is stale.
      const { closed, stored } = await recordedOrExplained(label, settled, async () => {
        const closed = await deps.db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          if (!(await repository.close(reversal, settled, tx))) return false;
          await deps.audit.record(context, texts.audit.slice(0, 4000), tx);
          return true;
        });
        return { closed, stored: (await repository.reversal(reversal.id))! };
      });
      if (!closed) {
        // The sweeper settled it meanwhile (this process was taken for dead): answer what it recorded.
        settled =
          stored.outcome === 'reversed'
            ? {
                outcome: 'reversed',
                cancel: { docEntry: stored.cancelDocEntry, docNum: stored.cancelDocNum },
              }
            : {
                outcome: stored.outcome === 'failed' ? 'failed' : 'unknown',
                message: stored.errorMessage ?? '',
              };
      }
      const answer = reversalTexts(stored, label, settled);
      if (settled.outcome !== 'reversed') {
        if (closed) await notifyFailure(deps, stored, label, answer.message);
        throw new HttpError(422, answer.message);
      }
      return { message: answer.message, data: await reversedRow(deps.db, stored, deps.timeZone) };
    },
  };
}

export type ReversalService = ReturnType<typeof createReversalService>;
