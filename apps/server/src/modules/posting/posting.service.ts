import type { PostBodyOf, PostResult, RecordKindName } from '@ff/contract';
import pLimit from 'p-limit';
import type { Db } from '../../db/client.js';
import type { DeferredWrites } from '../../db/connection-faults.js';
import type { AuditContext } from '../../lib/audit-context.js';
import { HttpError } from '../../lib/errors.js';
import type { BoundKind } from './bound-kinds.js';
import { TO_BE_CHECKED, writeOrDefer } from './database-away-messages.js';
import type { PostingOutcome } from './exactly-once.js';
import type { RowRequest } from '../records/kinds/shared/kind-rules.js';
import { createClaims, type AnyRules, type Claimed, type PeriodsSource } from './posting-claims.js';
import { createOutcomes, isPosted } from './posting-outcomes.js';
import type { PostingRepository } from './posting.repository.js';
import type { PostOneDeps } from './exactly-once.js';
import { createLookUps, type SapSlot } from './key-lookup.js';
import type { SapServiceDeps } from './sap-service-deps.js';
import { leaseRenewalMs, type PostingStep, type StepRow } from './posting-steps.js';
import { postingAuditText, queuedAuditText, refusalHead, rowFailure } from './posting-answer-messages.js';
import { readTripNumbers, tripNumbersFrom } from '../audits/audit-trips.js';

export type PostingDeps = SapServiceDeps<PostingRepository> & {
  timeZone: string;
  concurrency: number;
  settleMs?: number;
  /** SAP_TIMEOUT_MS: sets how often a poster renews its leases (posting-steps.ts, `leaseRenewalMs`). */
  sapTimeoutMs?: number;
  /** Where a write that failed because the database was away is retried (a row's outcome, an audit entry). */
  deferred?: DeferredWrites;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /**
   * SAP's posting periods (modules/posting-periods, cached): a row dated in a locked or closing period is
   * refused before anything is sent. Without it, or when SAP cannot say, SAP decides.
   */
  periods?: PeriodsSource;
  /** Counts each row's outcome and its key look-ups (lib/metrics.ts); handed on to posting-outcomes.ts. */
  metrics?: PostOneDeps['metrics'];
};

/**
 * Post requests: the rows are claimed (posting-claims.ts), sent to SAP and their outcomes recorded
 * (posting-outcomes.ts), or, for a queued kind, claimed and handed to the queue.
 */
export function createPostingService(deps: PostingDeps) {
  const { repository, audit } = deps;
  const { claimRows, claimInParts } = createClaims(deps);
  const { prefetchLookUps, lookUpClaimed } = createLookUps(deps);
  const { sendOne, recordOne } = createOutcomes(deps);

  /**
   * The audit entry of a request whose rows are settled: it must not turn the answer into a 500 (the rows are in
   * SAP whatever the audit table does). A lost connection is retried, then deferred; another failure is logged.
   */
  async function recordAudit(context: AuditContext, event: string) {
    await writeOrDefer(() => audit.record(context, event), deps.deferred, 'an audit entry').catch(
      (error: unknown) => {
        deps.log?.error({ err: error, event }, 'Could not write the audit entry');
      },
    );
  }

  /** The trip numbers the audit text names the records by: the claimed rows', then the refused rows' read. */
  async function tripsOf(step: PostingStep, claimed: { row: unknown }[], failed: { id: number }[]) {
    const trips = tripNumbersFrom(claimed.map((c) => c.row as { id: unknown; tripNumber?: unknown }));
    const unknown = failed.map((f) => f.id).filter((id) => !trips.has(id));
    for (const [id, trip] of await readTripNumbers(deps.db, step.table, unknown)) trips.set(id, trip);
    return trips;
  }

  /** Renews the leases of the claimed rows not yet finished, so a long batch is never taken for abandoned. */
  function keepLeases(attemptIds: Set<number>) {
    const timer = setInterval(
      () => {
        repository.renewLeases([...attemptIds]).catch(() => undefined);
      },
      leaseRenewalMs(deps.sapTimeoutMs ?? 30_000),
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  const service = {
    /**
     * A post request of one kind from a user with these permissions: refused whole (403) when the kind's rules
     * forbid it to the user (a VAS loss without Post Loss), else posted now or, for a queued kind, queued.
     */
    async submit<K extends RecordKindName>(
      kind: BoundKind<K>,
      body: PostBodyOf<K>,
      context: AuditContext,
      permissions: readonly string[],
      enqueue: ((tx: Db, ids: number[]) => Promise<void>) | undefined,
    ): Promise<{ status: 200 | 422; body: PostResult }> {
      if (kind.entry.queued && !enqueue)
        throw new HttpError(503, 'The posting queue is not running; try again shortly.');
      const rules = kind.rulesFor(permissions);
      const requests = kind.requests(body);
      const forbidden = await rules.forbidden?.(requests);
      if (forbidden) throw new HttpError(403, forbidden);
      return kind.entry.queued
        ? service.queue(kind.step, requests, rules, context, enqueue!, kind.entry.messages)
        : service.post(kind.step, requests, rules, context, kind.entry.messages);
    },

    /** Posts rows now, within the request (every kind that is not queued). */
    async post<S extends PostingStep, I>(
      step: S,
      requests: RowRequest<I>[],
      rules: AnyRules<StepRow<S>, I>,
      context: AuditContext,
      messages: { success: string },
    ): Promise<{ status: 200 | 422; body: PostResult }> {
      // POSTING_CONCURRENCY bounds the calls to SAP; recording an answer does not hold up the next call.
      const sapSlot: SapSlot = pLimit(deps.concurrency);
      // SAP is asked for every claimed row's keys before its first POST, a chunk of keys a request (decision 018),
      // most of them while the rows are being claimed.
      const prefetching = prefetchLookUps(
        step,
        requests.map((r) => r.id),
        sapSlot,
      );
      const open = new Set<number>();
      const stopLeases = keepLeases(open);
      const claimed: Claimed<StepRow<S>, I>[] = [];
      const sending: Promise<PostingOutcome>[] = [];
      let failed: PostResult['failed'];
      let unsent: { ids: number[]; reason: string };
      let outcomes: PostingOutcome[];
      try {
        // Claimed in parts (two rounds of SAP calls first): the first rows go to SAP while the rest are claimed.
        ({ failed, unsent } = await claimInParts(
          { step, requests, rules, userId: context.actor.id ?? 0 },
          2 * deps.concurrency,
          (part) => {
            const leaseFreshUntil = part.claimedAt + leaseRenewalMs(deps.sapTimeoutMs ?? 30_000);
            const lookedUp = prefetching.then((prefetched) =>
              lookUpClaimed(step, part.claimed, sapSlot, prefetched),
            );
            for (const item of part.claimed) {
              claimed.push(item);
              open.add(item.attemptId);
              sending.push(
                (async () => {
                  try {
                    return await recordOne(
                      step,
                      item,
                      await (
                        await lookedUp
                      )(item.attemptId).then((found) =>
                        sapSlot(() => sendOne(step, { ...item, found }, rules, leaseFreshUntil)),
                      ),
                    );
                  } catch (error) {
                    // Recording the outcome failed (the database): the row stays in flight for the sweeper to
                    // settle by a look-up in SAP; the other rows of the batch carry on.
                    deps.log?.error(
                      { err: error, id: item.request.id },
                      'Could not record the outcome of a posting',
                    );
                    return { outcome: 'unknown', message: TO_BE_CHECKED } as PostingOutcome;
                  } finally {
                    open.delete(item.attemptId);
                  }
                })(),
              );
            }
          },
          deps.log,
        ));
      } finally {
        // Every row sent is settled before the request answers, even when a later claim failed.
        outcomes = await Promise.all(sending);
        stopLeases();
      }
      const posted: PostResult['posted'] = [];
      outcomes.forEach((outcome, index) => {
        const { request, row } = claimed[index]!;
        const id = request.id;
        if (isPosted(outcome))
          posted.push({ id, sapDocEntry: outcome.ref.docEntry, sapDocNum: outcome.ref.docNum });
        else failed.push(rowFailure(step, id, (row as { tripNumber?: unknown }).tripNumber, outcome.message));
      });
      const trips = await tripsOf(step, claimed, [...failed, ...unsent.ids.map((id) => ({ id }))]);
      for (const id of unsent.ids) failed.push(rowFailure(step, id, trips.get(id), unsent.reason));
      failed.sort((a, b) => a.id - b.id);
      await recordAudit(context, postingAuditText(step, posted, failed, trips));
      if (!failed.length) return { status: 200, body: { message: messages.success, posted, failed } };
      const head = refusalHead(step, failed.length, posted.length, 'posted');
      return {
        status: 422,
        body: { message: `${head} ${failed.map((f) => f.message).join(' ')}`, posted, failed },
      };
    },

    /**
     * Marks rows queued and enqueues their jobs in the same transaction (VAS); the worker posts them with
     * the same exactly-once protocol. Queued rows leave the list and cannot be posted twice.
     */
    async queue<S extends PostingStep, I>(
      step: S,
      requests: RowRequest<I>[],
      rules: AnyRules<StepRow<S>, I>,
      context: AuditContext,
      enqueue: (tx: Db, ids: number[]) => Promise<void>,
      messages: { success: string },
    ): Promise<{ status: 200 | 422; body: PostResult }> {
      const { failed, claimed } = await claimRows(
        { step, requests, rules, userId: context.actor.id ?? 0 },
        true,
        enqueue,
      );
      const queued = claimed.map((c) => ({ id: c.request.id }));
      await recordAudit(context, queuedAuditText(step, queued, failed, await tripsOf(step, claimed, failed)));
      if (!failed.length)
        return { status: 200, body: { message: messages.success, posted: [], failed, queued } };
      const head = refusalHead(step, failed.length, queued.length, 'queued');
      return {
        status: 422,
        body: { message: `${head} ${failed.map((f) => f.message).join(' ')}`, posted: [], failed, queued },
      };
    },
  };
  return service;
}

export type PostingService = ReturnType<typeof createPostingService>;
