import type { PostBodyOf, PostResult, RecordKindName } from '@ff/contract';
import pLimit from 'p-limit';
import type { Db } from '../../db/client.js';
import { isConnectionError, retryOnConnectionLoss, type DeferredWrites } from '../../db/connection-faults.js';
import type { AuditContext } from '../../lib/audit-context.js';
import { HttpError, ValidationFailed } from '../../lib/errors.js';
import { createPostingDateResolver } from '../../lib/posting-date.js';
import { PostingRuleError } from '../../erp/posting-rules.js';
import type { AuditService } from '../audits/audit.service.js';
import type { BoundKind } from '../records/bound-kinds.js';
import { DATABASE_AWAY, NOT_SENT, plainReason, TO_BE_CHECKED, writeOrDefer } from './database-away.js';
import type { PostingOutcome } from './exactly-once.js';
import type { KindRules, PostingRequest, RowRequest } from './kind-rules.js';
import { postOne } from './post-one.js';
import type { PostingRepository } from './posting.repository.js';
import { leaseRenewalMs, type PostingStep, type StepRow } from './posting-steps.js';
import { postingAuditText, refusalHead, STATUS_SENTENCE } from './posting-answers.js';
import type { SapGateway } from './sap-gateway.js';

export type PostingDeps = {
  db: Db;
  repository: PostingRepository;
  sap: () => SapGateway;
  audit: AuditService;
  timeZone: string;
  concurrency: number;
  settleMs?: number;
  /** SAP_TIMEOUT_MS: sets how often a poster renews its leases (posting-steps.ts, `leaseRenewalMs`). */
  sapTimeoutMs?: number;
  /** Where a write that failed because the database was away is retried (a row's outcome, an audit entry). */
  deferred?: DeferredWrites;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

/** What sending a row to SAP came to, and whether it is still to be recorded. */
type Sent = { outcome: PostingOutcome; toRecord: boolean };

type Claimed<Row, I> = { row: Row; request: PostingRequest<I>; attemptId: number; lookUpFirst: boolean };
/** Rules as the engine runs them, for any step's row. */
type AnyRules<Row, I> = KindRules<Row, I, unknown>;

export function createPostingService(deps: PostingDeps) {
  const { db, repository, audit, timeZone } = deps;

  /** Validates and claims rows in one transaction: rows already posting or posted are refused. */
  async function claimRowsNow<S extends PostingStep, I>(
    step: S,
    requests: RowRequest<I>[],
    rules: AnyRules<StepRow<S>, I>,
    userId: number,
    queued: boolean,
    afterClaim?: (tx: Db, ids: number[]) => Promise<void>,
  ) {
    const repeated = requests.map((r) => r.id).filter((id, i, all) => all.indexOf(id) !== i);
    if (repeated.length) {
      throw ValidationFailed.field(
        'postSap',
        `Each row may be posted once per request; #${[...new Set(repeated)].join(', #')} appears more than once.`,
      );
    }
    const failed: { id: number; message: string }[] = [];
    const claimed: Claimed<StepRow<S>, I>[] = [];
    const prefetched = await rules.prefetch?.(requests);
    const resolvePostingDate = createPostingDateResolver(timeZone);
    // Taken before the attempts are opened, so it is never later than their leases' start.
    const claimedAt = Date.now();
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const rows = await repository.lockRows(
        step,
        requests.map((r) => r.id),
        tx,
      );
      const byId = new Map(rows.map((r) => [r.row.id as number, r]));
      const valid: {
        row: StepRow<S>;
        request: RowRequest<I>;
        extra: Partial<StepRow<S>>;
        postingDay: string;
      }[] = [];
      for (const request of requests) {
        const locked = byId.get(request.id);
        const refuse = (reason: string) =>
          failed.push({ id: request.id, message: `#${request.id}: ${reason}` });
        if (!locked) {
          refuse(`no ${step.noun[0]} with this id exists.`);
          continue;
        }
        const { row, state, requiredStatus } = locked;
        if (STATUS_SENTENCE[state.status]) {
          refuse(`${STATUS_SENTENCE[state.status]}.`);
          continue;
        }
        if (step.requiresPosted && requiredStatus !== 'posted') {
          refuse('its first journal has not been posted yet.');
          continue;
        }
        const date = resolvePostingDate(request.postingDate, row.documentDate as Date);
        if ('error' in date) {
          refuse(date.error);
          continue;
        }
        const problem = rules.check(row, request, prefetched);
        if (problem) {
          refuse(problem);
          continue;
        }
        const extra = rules.storedInputs?.(row, request) ?? {};
        valid.push({ row, request, extra, postingDay: date.day });
      }
      const opened = await repository.claimMany(
        step,
        valid.map((v) => ({ id: v.request.id, postingDate: v.postingDay, extra: v.extra })),
        { userId, queued },
        tx,
      );
      for (const { row, request, extra, postingDay } of valid) {
        const attempt = opened.get(request.id);
        if (!attempt)
          failed.push({ id: request.id, message: `#${request.id}: it is being posted by someone else.` });
        else
          claimed.push({
            row: { ...row, ...extra },
            request: { ...request, postingDay },
            attemptId: attempt.attemptId,
            lookUpFirst: attempt.lookUpFirst,
          });
      }
      if (afterClaim && claimed.length)
        await afterClaim(
          tx,
          claimed.map((c) => c.request.id),
        );
    });
    return { failed, claimed, claimedAt };
  }

  /**
   * `claimRowsNow`, with a lost database answered as 503: nothing was sent to SAP. A claim that did commit
   * before the connection was lost leaves rows `posting` without a poster; the sweeper puts them back once
   * their lease is stale.
   */
  async function claimRows<S extends PostingStep, I>(...args: Parameters<typeof claimRowsNow<S, I>>) {
    try {
      return await claimRowsNow(...args);
    } catch (error) {
      if (isConnectionError(error)) throw new HttpError(503, DATABASE_AWAY);
      throw error;
    }
  }

  /**
   * Sends one claimed row to SAP (`postOne`); recording the outcome is `recordOne`'s. Nothing is sent unless
   * the row's attempt is still open: within `leaseFreshUntil` (one lease-renewal period after the claim) it
   * cannot have been taken for abandoned, since that needs a lease four periods old; after it, `begin` renews
   * the lease and checks. An attempt closed meanwhile (the sweeper took the row for abandoned) is reported as
   * the row now stands.
   */
  async function sendOne<S extends PostingStep, I>(
    step: S,
    item: Claimed<StepRow<S>, I>,
    rules: AnyRules<StepRow<S>, I>,
    leaseFreshUntil: number,
  ): Promise<Sent> {
    const id = item.request.id;
    const notSent = {
      outcome: { outcome: 'failed', message: NOT_SENT, retryable: true },
      toRecord: true,
    } as const;
    let databaseAway = false;
    const beforeSend = async () => {
      if (Date.now() < leaseFreshUntil) return { lookUpFirst: item.lookUpFirst };
      try {
        // Fenced on the open attempt, so a repeat after a lost reply changes nothing more.
        return await retryOnConnectionLoss(() =>
          repository.begin(step, id, item.attemptId, { lookUpFirst: item.lookUpFirst }),
        );
      } catch (error) {
        if (!isConnectionError(error)) throw error;
        databaseAway = true;
        return null;
      }
    };
    const result = await postOne({ sap: deps.sap, settleMs: deps.settleMs }, step, rules, item, beforeSend);
    if (result.sent) return { outcome: result.outcome, toRecord: true };
    if ('taken' in result)
      return databaseAway ? notSent : { outcome: await asItStands(step, id), toRecord: false };
    // Nothing was sent: the record cannot become a SAP document as it stands (or the database was away).
    const error = result.unprepared;
    if (isConnectionError(error)) return notSent;
    const message =
      error instanceof PostingRuleError
        ? error.message
        : `It could not be prepared for SAP (${plainReason(error)}).`;
    return {
      outcome: { outcome: 'failed', message, retryable: !(error instanceof PostingRuleError) },
      toRecord: true,
    };
  }

  /**
   * Records what SAP answered for a row: posted with SAP's keys, or back in the list as failed with the reason.
   * Both writes are safe to repeat (marking posted is idempotent, marking failed is fenced on the attempt), so a
   * lost connection is retried at once and, if the database stays away, in the background (`deferred`): the
   * request answers what SAP said all the same. Without `deferred` the sweeper settles the row.
   */
  async function recordOne<Row, I>(
    step: PostingStep,
    item: Claimed<Row, I>,
    sent: Sent,
  ): Promise<PostingOutcome> {
    const { outcome } = sent;
    const id = item.request.id;
    if (!sent.toRecord) return outcome;
    const write = isPosted(outcome)
      ? () => repository.markPosted(step, id, outcome.ref, outcome.outcome).then(() => true)
      : () => repository.markFailed(step, id, item.attemptId, outcome);
    const saved = await writeOrDefer(write, deps.deferred, `the outcome of ${step.kind} #${id}`);
    if (!saved.done)
      return isPosted(outcome) || deps.deferred ? outcome : { outcome: 'unknown', message: TO_BE_CHECKED };
    return saved.value ? outcome : asItStands(step, id);
  }

  /** The outcome of a row someone else resolved while this poster held it. */
  async function asItStands(step: PostingStep, id: number): Promise<PostingOutcome> {
    const state = (await repository.loadRow(step, id))?.state;
    if (state?.status === 'posted')
      return { outcome: 'found', ref: { docEntry: state.sapDocEntry, docNum: state.sapDocNum } };
    const reason = state?.lastError ?? 'its posting was interrupted';
    return { outcome: 'unknown', message: `${reason}` };
  }

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
      const { failed, claimed, claimedAt } = await claimRows(
        step,
        requests,
        rules,
        context.actor.id ?? 0,
        false,
      );
      const open = new Set(claimed.map((c) => c.attemptId));
      const stopLeases = keepLeases(open);
      const leaseFreshUntil = claimedAt + leaseRenewalMs(deps.sapTimeoutMs ?? 30_000);
      // POSTING_CONCURRENCY bounds the calls to SAP; recording an answer does not hold up the next call.
      const sapSlot = pLimit(deps.concurrency);
      let outcomes: PostingOutcome[];
      try {
        outcomes = await Promise.all(
          claimed.map(async (item) => {
            try {
              return await recordOne(
                step,
                item,
                await sapSlot(() => sendOne(step, item, rules, leaseFreshUntil)),
              );
            } catch (error) {
              // Recording the outcome failed (the database): the row stays in flight for the sweeper to settle
              // by a look-up in SAP; the other rows of the batch carry on.
              deps.log?.error(
                { err: error, id: item.request.id },
                'Could not record the outcome of a posting',
              );
              return { outcome: 'unknown', message: TO_BE_CHECKED } as PostingOutcome;
            } finally {
              open.delete(item.attemptId);
            }
          }),
        );
      } finally {
        stopLeases();
      }
      const posted: PostResult['posted'] = [];
      outcomes.forEach((outcome, index) => {
        const id = claimed[index]!.request.id;
        if (isPosted(outcome))
          posted.push({ id, sapDocEntry: outcome.ref.docEntry, sapDocNum: outcome.ref.docNum });
        else failed.push({ id, message: `#${id}: ${outcome.message}` });
      });
      failed.sort((a, b) => a.id - b.id);
      await recordAudit(context, postingAuditText(step, posted, failed));
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
        step,
        requests,
        rules,
        context.actor.id ?? 0,
        true,
        enqueue,
      );
      const queued = claimed.map((c) => ({ id: c.request.id }));
      const parts = [];
      if (queued.length)
        parts.push(
          `Queued ${queued.length} ${queued.length === 1 ? step.noun[0] : step.noun[1]} for posting to SAP (${queued.map((q) => `#${q.id}`).join(', ')})`,
        );
      if (failed.length) parts.push(`${failed.length} refused: ${failed.map((f) => f.message).join(' ')}`);
      await recordAudit(context, parts.join('. ').slice(0, 4000));
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

export function isPosted(outcome: PostingOutcome): outcome is Extract<PostingOutcome, { ref: unknown }> {
  return outcome.outcome === 'posted' || outcome.outcome === 'found';
}

export type PostingService = ReturnType<typeof createPostingService>;
