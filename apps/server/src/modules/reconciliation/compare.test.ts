import { describe, expect, it } from 'vitest';
import { compare, groupByKey, type OurPosting, type TheirDocument } from './compare.js';
import { decodeKey } from './keys.js';

const journal = (docEntry: number, key: string, debit: number, swapped = false): TheirDocument => ({
  entity: 'JournalEntries',
  docEntry,
  docNum: docEntry + 100,
  reference: key,
  date: '2026-03-02',
  lines: swapped
    ? [
        { account: 'T1', debit: 0, credit: debit },
        { account: '110101', debit, credit: 0 },
      ]
    : [
        { account: 'T1', debit, credit: 0 },
        { account: '110101', debit: 0, credit: debit },
      ],
  total: null,
  cancelStatus: null,
});
const ours = (key: string, recordId: number, state: OurPosting['state'] = 'posted'): OurPosting => ({
  kind: 'cashAdvance',
  recordId,
  tripNumber: `TRP-${recordId}`,
  key,
  docEntry: 1,
  docNum: 101,
  cents: 10_000,
  postingDate: '2026-03-02',
  measure: 'sent',
  state,
});
const range = { fromDate: '2026-03-01', toDate: '2026-03-03' };

describe('reconciliation keys', () => {
  it('reads back every key we write, and nothing else', () => {
    expect(decodeKey('FF-CA-12')).toEqual({ kind: 'cashAdvance', recordId: 12, generation: 1 });
    expect(decodeKey('FF-SJ-1042-R2')).toEqual({ kind: 'secondJournal', recordId: 1042, generation: 2 });
    expect(decodeKey('FFSI7')).toEqual({ kind: 'salesInvoice', recordId: 7, generation: 1 });
    expect(decodeKey('FR2-T0')).toEqual({ kind: 'salesInvoice', recordId: 1044, generation: 2 });
    for (const other of ['FF-XX-1', 'FF-CA-012', 'FF-CA-1-R1', 'FFSI', 'FR1-T0', 'FF-SI-3'])
      expect(decodeKey(other)).toBeUndefined();
  });
});

describe('reconciliation comparison', () => {
  it("takes a journal whose lines are an earlier one's swapped as its reversal, not as a duplicate", () => {
    const groups = groupByKey([journal(1, 'FF-CA-1', 100), journal(2, 'FF-CA-1', 100, true)]);
    expect(groups.get('FF-CA-1')!.originals.map((o) => o.cancelled)).toEqual([true]);
    const posted = compare({ range, ours: [ours('FF-CA-1', 1)], groups, records: new Map() });
    expect(posted.differences.map((d) => d.type)).toEqual(['cancelled_in_sap']);
    const reversed = compare({ range, ours: [ours('FF-CA-1', 1, 'reversed')], groups, records: new Map() });
    expect(reversed.summary.matched).toBe(1);
    expect(reversed.differences).toEqual([]);
  });

  it('counts two standing documents of one key as a duplicate, and reports amount and date apart', () => {
    const groups = groupByKey([
      journal(1, 'FF-CA-1', 100),
      journal(2, 'FF-CA-1', 100),
      { ...journal(3, 'FF-CA-2', 99.5), date: '2026-03-03' },
    ]);
    const result = compare({
      range,
      ours: [ours('FF-CA-1', 1), ours('FF-CA-2', 2)],
      groups,
      records: new Map(),
    });
    expect(result.differences.map((d) => [d.type, d.message])).toEqual([
      [
        'duplicate_in_sap',
        'TRP-1 (cash advance record): SAP has 2 documents with key FF-CA-1 (DocEntry 1, DocEntry 2).',
      ],
      [
        'amount_differs',
        "TRP-2 (cash advance record): the amount here is 100.00 but SAP's DocEntry 3 has 99.50.",
      ],
      [
        'date_differs',
        "TRP-2 (cash advance record): the posting date here is 2026-03-02 but SAP's DocEntry 3 has 2026-03-03.",
      ],
    ]);
  });

  it('offers to adopt a document only for a record that is unposted or failed in the same generation', () => {
    const groups = groupByKey([journal(5, 'FF-CA-9', 100), journal(6, 'FF-CA-8', 100)]);
    const records = new Map([
      [
        'FF-CA-9',
        {
          kind: 'cashAdvance' as const,
          recordId: 9,
          tripNumber: 'TRP-9',
          status: 'failed' as const,
          generation: 1,
        },
      ],
      [
        'FF-CA-8',
        {
          kind: 'cashAdvance' as const,
          recordId: 8,
          tripNumber: 'TRP-8',
          status: 'unposted' as const,
          generation: 2,
        },
      ],
    ]);
    const result = compare({ range, ours: [], groups, records });
    expect(result.differences.map((d) => [d.idempotencyKey, d.adoptable])).toEqual([
      ['FF-CA-9', true],
      ['FF-CA-8', false],
    ]);
  });
});
