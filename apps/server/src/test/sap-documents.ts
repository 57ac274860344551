import { expect } from 'vitest';
import type { RunningSimulator } from './simulator.js';

/**
 * Tests only: SAP read-back (the simulator's record of every document ever posted, by our idempotency keys)
 * and the simulator's fault settings.
 */
export type SimDocument = Record<string, any>;

/** Every document SAP holds, grouped by our idempotency key (Reference3 on journals, Reference2 on invoices). */
export async function documentsByKey(sim: RunningSimulator): Promise<Map<string, SimDocument[]>> {
  const { journalEntries, invoices } = await sim.documents();
  const byKey = new Map<string, SimDocument[]>();
  const add = (key: unknown, doc: SimDocument) => {
    if (typeof key !== 'string' || !key) return;
    byKey.set(key, [...(byKey.get(key) ?? []), doc]);
  };
  for (const doc of journalEntries) add(doc.Reference3, doc);
  for (const doc of invoices) add(doc.Reference2, doc);
  return byKey;
}

/** Asserts each key is in SAP exactly once and answers the documents in the keys' order. */
export async function expectPostedOnce(sim: RunningSimulator, keys: string[]): Promise<SimDocument[]> {
  const byKey = await documentsByKey(sim);
  const counts = Object.fromEntries(keys.map((k) => [k, byKey.get(k)?.length ?? 0]));
  expect(counts).toEqual(Object.fromEntries(keys.map((k) => [k, 1])));
  return keys.map((k) => byKey.get(k)![0]!);
}

/** Asserts no document carries any of these keys. */
export async function expectNotInSap(sim: RunningSimulator, keys: string[]) {
  const byKey = await documentsByKey(sim);
  expect(keys.filter((k) => byKey.has(k))).toEqual([]);
}

/** The lines of a journal as `[account or partner, debit, credit]`, for compact assertions. */
export const journalLines = (doc: SimDocument) =>
  (doc.JournalEntryLines as SimDocument[]).map((l) => [
    l.ShortName ?? l.AccountCode,
    l.Debit ?? 0,
    l.Credit ?? 0,
  ]);

export { keyOf } from './record-keys.js';

/** Simulator faults: `/__sim/config`. */
export const simConfig = (sim: RunningSimulator, config: Record<string, unknown>) =>
  sim.control('/__sim/config', config);
export const resetFaults = (sim: RunningSimulator) =>
  simConfig(sim, {
    latencyMs: 0,
    writeLatencyMs: 0,
    errorRate: 0,
    dropReplyRate: 0,
    sessionTimeoutSeconds: 1800,
    forceErrorShape: null,
  });
