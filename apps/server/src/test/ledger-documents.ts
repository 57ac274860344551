import { kindOfCode, RECORD_KINDS_PLAIN } from '@ff/contract';
import type { postingReversals } from '../db/schema.js';
import type { HttpClient } from './http-client.js';
import { PATH, type Step } from './mixed-posting.js';
import { documentsByKey, journalLines, keyOf, type SimDocument } from './posting-harness.js';
import type { RunningSimulator } from './simulator.js';

/**
 * Tests only: the checks of the exactly-once proof (ledger-proof.ts) that read what SAP holds for one key from
 * the simulator: which documents are cancellations, the DocEntry a document goes by, whether a reversed
 * generation was cancelled exactly once, and the rows listed failed although SAP holds them.
 */

export const keyAt = (step: Step, id: number, generation: number) => keyOf(step, id, generation);

/** A document SAP's Cancel added (a journal's reversal entry, an invoice's cancellation): /__sim/documents meta. */
export const isCancellation = (doc: SimDocument) =>
  (doc.reversalOf !== undefined && doc.reversalOf !== null) || doc.CancelStatus === 'csCancellation';

const isInvoice = (step: Step) => RECORD_KINDS_PLAIN[kindOfCode(step)!].sap.entity === 'Invoices';
/** The DocEntry a document goes by: an invoice's DocEntry, a journal entry's JdtNum. */
export const docEntryOf = (step: Step, doc: SimDocument) =>
  (isInvoice(step) ? doc.DocEntry : doc.JdtNum) as number;

type Reversal = typeof postingReversals.$inferSelect;

/**
 * What is wrong with a reversed generation `key`: SAP must hold its one original, cancelled, and exactly one
 * cancellation of it (a journal: a reversal entry with the same Reference3 and every line's sides swapped; an
 * invoice: a cancellation document, CancelStatus csCancellation, the original csYes); here exactly one reversal
 * of it ended `reversed`, naming that original (and that cancellation when SAP's reply named it).
 */
export function reversedProblems(
  step: Step,
  key: string,
  docs: SimDocument[],
  reversals: Reversal[],
): string[] {
  const originals = docs.filter((d) => !isCancellation(d));
  const cancellations = docs.filter(isCancellation);
  if (originals.length !== 1 || cancellations.length !== 1)
    return [
      `${key}: reversed, but SAP holds ${originals.length} originals, ${cancellations.length} cancellations`,
    ];
  const [original, cancellation] = [originals[0]!, cancellations[0]!];
  const problems: string[] = [];
  if (original.cancelled !== true || cancellation.reversalOf !== docEntryOf(step, original))
    problems.push(`${key}: the cancellation ${docEntryOf(step, cancellation)} is not of the original`);
  if (isInvoice(step)) {
    if (original.CancelStatus !== 'csYes' || cancellation.CancelStatus !== 'csCancellation')
      problems.push(`${key}: CancelStatus ${original.CancelStatus} / ${cancellation.CancelStatus}`);
  } else {
    const swapped = journalLines(original).map(([who, debit, credit]) => [who, credit, debit]);
    if (JSON.stringify(journalLines(cancellation)) !== JSON.stringify(swapped))
      problems.push(`${key}: the reversal entry's lines are not the original's swapped`);
  }
  const done = reversals.filter((r) => r.outcome === 'reversed');
  if (done.length !== 1 || reversals.some((r) => r.outcome === 'pending'))
    problems.push(`${key}: reversals here ${reversals.map((r) => r.outcome).join(',')}`);
  else if (
    done[0]!.sapDocEntry !== docEntryOf(step, original) ||
    (done[0]!.cancelDocEntry !== null && done[0]!.cancelDocEntry !== docEntryOf(step, cancellation))
  )
    problems.push(`${key}: the reversal stores ${done[0]!.sapDocEntry}/${done[0]!.cancelDocEntry}`);
  return problems;
}

/**
 * Rows of `step` that the list (GET through the API, as a user sees it) shows as failed although SAP holds
 * their key: a user would post them again, or write them off, while SAP has them. Must be empty once the
 * sweeper has run.
 */
export async function listedFailedButInSap(
  client: HttpClient,
  sim: RunningSimulator,
  step: Step,
  ids: number[],
): Promise<string[]> {
  const listed = (await client.get(PATH[step])).body.data as { id: number; status: string }[];
  const byKey = await documentsByKey(sim);
  const wanted = new Set(ids);
  return listed
    .filter((r) => wanted.has(r.id) && r.status === 'failed' && byKey.has(keyOf(step, r.id)))
    .map((r) => keyOf(step, r.id));
}
