import { reasonOf } from '../../lib/errors.js';
import { sleep } from '../../lib/time.js';
import {
  SapPostingFailure,
  type SapCancelTarget,
  type SapDocumentRef,
  type SapGateway,
} from '../../erp/sap-gateway.js';

export type CancelOutcome =
  | { outcome: 'reversed'; cancel: SapDocumentRef; lookedUp: boolean }
  /** SAP refused (its words), or was not reached: nothing was cancelled. */
  | { outcome: 'failed'; message: string }
  /** The Cancel may or may not have been committed; the next try looks first. */
  | { outcome: 'unknown'; message: string };

export type CancelOptions = {
  /** An earlier reversal of this posting ended without a definite answer: look before cancelling. */
  lookFirst: boolean;
  /** Pause before looking after an unknown outcome, so a slow commit can land first. */
  settleMs: number;
  /** Called right before the Cancel leaves (stamps sent_at, renews the lease). */
  beforeSend?: () => Promise<void>;
};

/**
 * Cancels a posted SAP document exactly once (the posting protocol of docs/design/architecture.md section 6,
 * applied to SAP's Cancel): SAP keeps no request ids, so whenever an outcome is unknown the cancellation is
 * looked up (by the posting's key) before anything is sent again. One Cancel per run at most.
 */
export async function cancelExactlyOnce(
  sap: SapGateway,
  target: SapCancelTarget,
  key: string,
  options: CancelOptions,
): Promise<CancelOutcome> {
  if (options.lookFirst) {
    try {
      const found = await sap.findCancellation(target, key);
      if (found) return { outcome: 'reversed', cancel: found, lookedUp: true };
    } catch (error) {
      return {
        outcome: 'unknown',
        message: `An earlier cancellation was not confirmed, and checking SAP for it failed (${reasonOf(error)}); it will be checked again before the next try.`,
      };
    }
  }
  await options.beforeSend?.();
  try {
    await sap.cancel(target);
  } catch (error) {
    if (!(error instanceof SapPostingFailure)) {
      return { outcome: 'unknown', message: `The cancellation stopped unexpectedly (${reasonOf(error)}).` };
    }
    if (error.kind === 'unreachable') return { outcome: 'failed', message: error.message };
    if (error.kind === 'refused') {
      // SAP refuses a second Cancel: when an earlier (unconfirmed) one landed after all, that is the reversal.
      const found = await sap.findCancellation(target, key).catch(() => null);
      return found
        ? { outcome: 'reversed', cancel: found, lookedUp: true }
        : { outcome: 'failed', message: error.message };
    }
    await sleep(options.settleMs);
    try {
      const found = await sap.findCancellation(target, key);
      if (found) return { outcome: 'reversed', cancel: found, lookedUp: true };
    } catch {
      // Still unknown.
    }
    return { outcome: 'unknown', message: error.message };
  }
  // Cancel answers 204 without the cancellation's keys: read them (a failed read keeps the reversal, keyless).
  try {
    const found = await sap.findCancellation(target, key);
    return { outcome: 'reversed', cancel: found ?? { docEntry: null, docNum: null }, lookedUp: false };
  } catch {
    return { outcome: 'reversed', cancel: { docEntry: null, docNum: null }, lookedUp: false };
  }
}
