import { isConnectionError, retryOnConnectionLoss, type DeferredWrites } from '../../db/connection-faults.js';
import { PostingRuleError } from '../../erp/posting-rules.js';
import { NOT_SENT, plainReason, TO_BE_CHECKED, writeOrDefer } from './database-away-messages.js';
import type { PostingOutcome } from './exactly-once.js';
import { postOne, type PostOneDeps, type Sending } from './exactly-once.js';
import type { AnyRules, Claimed } from './posting-claims.js';
import type { PostingRepository } from './posting.repository.js';
import type { PostingStep, StepRow } from './posting-steps.js';

/** What sending a row to SAP came to, and whether it is still to be recorded. */
export type Sent = { outcome: PostingOutcome; toRecord: boolean; sending?: Sending | undefined };

/** True when SAP holds the document: this poster created it, or a look-up found it. */
export function isPosted(outcome: PostingOutcome): outcome is Extract<PostingOutcome, { ref: unknown }> {
  return outcome.outcome === 'posted' || outcome.outcome === 'found';
}

/**
 * Sending and recording, the second part of a post request (posting.service.ts): each claimed row is sent to
 * SAP (`sendOne`, within a SAP slot) and what SAP answered is recorded on the row (`recordOne`, outside it).
 */
export function createOutcomes(
  deps: PostOneDeps & { repository: PostingRepository; deferred?: DeferredWrites | undefined },
) {
  const { repository } = deps;

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
      if (Date.now() < leaseFreshUntil) return { earlierKeys: item.earlierKeys };
      try {
        // Fenced on the open attempt, so a repeat after a lost reply changes nothing more.
        return await retryOnConnectionLoss(() =>
          repository.begin(step, id, item.attemptId, { earlierKeys: item.earlierKeys }),
        );
      } catch (error) {
        if (!isConnectionError(error)) throw error;
        databaseAway = true;
        return null;
      }
    };
    const result = await postOne(
      { sap: deps.sap, settleMs: deps.settleMs, metrics: deps.metrics },
      step,
      rules,
      item,
      beforeSend,
    );
    if (result.sent) return { outcome: result.outcome, toRecord: true, sending: result.sending };
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
      ? () => repository.markPosted(step, id, outcome.ref, outcome.outcome, sent.sending).then(() => true)
      : () => repository.markFailed(step, id, item.attemptId, outcome, { sending: sent.sending });
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

  return { sendOne, recordOne };
}
