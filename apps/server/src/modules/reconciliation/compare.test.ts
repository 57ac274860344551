import { describe, expect, it } from 'vitest';
import type { AdoptionBasis } from './adoption.js';
import { groupedDecimalOfCents } from './amounts.js';
import { compare } from './compare.js';
import type { KeyedRecord, OurPosting } from './sides.js';
import { decodeLegacyKey, type DecodedKey } from './keys.js';
import { groupByKey, type TheirDocument } from './sap-groups.js';

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
  party: null,
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
/** An unposted cash advance of 100.00 whose document is dated 2026-03-01, never tried in SAP. */
const basis: AdoptionBasis = {
  cents: 10_000,
  measure: 'record',
  postingDate: null,
  documentDay: '2026-03-01',
};
const keyed = (recordId: number, status: KeyedRecord['status'], generation = 1, of = basis): KeyedRecord => ({
  kind: 'cashAdvance',
  recordId,
  tripNumber: `TRP-${recordId}`,
  status,
  generation,
  basis: of,
});

/** The record steps SAP's keys name, as the database tells for keys written from serial ids. */
const legacyKeysOf = (groups: Map<string, unknown>) =>
  new Map(
    [...groups.keys()].flatMap((key): [string, DecodedKey][] => {
      const decoded = decodeLegacyKey(key);
      return decoded ? [[key, decoded]] : [];
    }),
  );

describe('reconciliation keys', () => {
  it('reads back every key we write, and nothing else', () => {
    expect(decodeLegacyKey('FF-CA-12')).toEqual({ kind: 'cashAdvance', recordId: 12, generation: 1 });
    expect(decodeLegacyKey('FF-SJ-1042-R2')).toEqual({
      kind: 'secondJournal',
      recordId: 1042,
      generation: 2,
    });
    expect(decodeLegacyKey('FFSI7')).toEqual({ kind: 'salesInvoice', recordId: 7, generation: 1 });
    expect(decodeLegacyKey('FR2-T0')).toEqual({ kind: 'salesInvoice', recordId: 1044, generation: 2 });
    for (const other of ['FF-XX-1', 'FF-CA-012', 'FF-CA-1-R1', 'FFSI', 'FR1-T0', 'FF-SI-3'])
      expect(decodeLegacyKey(other)).toBeUndefined();
  });
});

describe('reconciliation comparison', () => {
  it("takes a journal whose lines are an earlier one's swapped as its reversal, not as a duplicate", () => {
    const groups = groupByKey([journal(1, 'FF-CA-1', 100), journal(2, 'FF-CA-1', 100, true)]);
    expect(groups.get('FF-CA-1')!.originals.map((o) => o.cancelled)).toEqual([true]);
    const posted = compare({
      decoded: legacyKeysOf(groups),
      range,
      ours: [ours('FF-CA-1', 1)],
      groups,
      records: new Map(),
    });
    expect(posted.differences.map((d) => d.type)).toEqual(['cancelled_in_sap']);
    const reversed = compare({
      decoded: legacyKeysOf(groups),
      range,
      ours: [ours('FF-CA-1', 1, 'reversed')],
      groups,
      records: new Map(),
    });
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
      decoded: legacyKeysOf(groups),
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
      ['FF-CA-9', keyed(9, 'failed')],
      ['FF-CA-8', keyed(8, 'unposted', 2)],
    ]);
    const result = compare({ decoded: legacyKeysOf(groups), range, ours: [], groups, records });
    expect(result.differences.map((d) => [d.idempotencyKey, d.adoptable])).toEqual([
      ['FF-CA-9', true],
      ['FF-CA-8', false],
    ]);
  });

  it("offers no adoption of a document that is not for the record's amount, or dated before it could be posted", () => {
    const groups = groupByKey([
      journal(5, 'FF-CA-5', 99.99),
      { ...journal(6, 'FF-CA-6', 100), date: '2026-03-01' },
      { ...journal(7, 'FF-CA-7', 100), date: '2026-03-02' },
      journal(8, 'FF-CA-8', 100),
    ]);
    const records = new Map([
      ['FF-CA-5', keyed(5, 'unposted')],
      // Its document is dated 2026-03-02: SAP's 2026-03-01 is a day no posting of it could have.
      ['FF-CA-6', keyed(6, 'unposted', 1, { ...basis, documentDay: '2026-03-02' })],
      // A failed attempt chose 2026-03-03: SAP's document must carry that day.
      ['FF-CA-7', keyed(7, 'failed', 1, { ...basis, postingDate: '2026-03-03' })],
      ['FF-CA-8', keyed(8, 'failed', 1, { ...basis, postingDate: '2026-03-02' })],
    ]);
    const result = compare({ decoded: legacyKeysOf(groups), range, ours: [], groups, records });
    expect(result.differences.map((d) => [d.idempotencyKey, d.adoptable, d.ours, d.message])).toEqual([
      [
        'FF-CA-5',
        false,
        { amount: '100.00', postingDate: null },
        "TRP-5 (cash advance record): SAP has DocEntry 5 with key FF-CA-5, but it is not posted here: the record is unposted here, but SAP's document is for 99.99 and dated 2026-03-02; the record is 100.00 with document date 2026-03-01: check it in SAP before adopting.",
      ],
      [
        'FF-CA-6',
        false,
        { amount: '100.00', postingDate: null },
        "TRP-6 (cash advance record): SAP has DocEntry 6 with key FF-CA-6, but it is not posted here: the record is unposted here, but SAP's document is for 100.00 and dated 2026-03-01; the record is 100.00 with document date 2026-03-02: check it in SAP before adopting.",
      ],
      [
        'FF-CA-7',
        false,
        { amount: '100.00', postingDate: '2026-03-03' },
        "TRP-7 (cash advance record): SAP has DocEntry 7 with key FF-CA-7, but it is not posted here: the record is failed here, but SAP's document is for 100.00 and dated 2026-03-02; the record is 100.00 dated 2026-03-03: check it in SAP before adopting.",
      ],
      [
        'FF-CA-8',
        true,
        { amount: '100.00', postingDate: '2026-03-02' },
        "TRP-8 (cash advance record): SAP has DocEntry 8 with key FF-CA-8, but it is not posted here: the record is failed here; adopt SAP's document to mark it posted.",
      ],
    ]);
  });

  it('writes amounts in sentences with thousands separators, exactly', () => {
    expect([3_090_000, 100, 5, -123_456_789, 0].map(groupedDecimalOfCents)).toEqual([
      '30,900.00',
      '1.00',
      '0.05',
      '-1,234,567.89',
      '0.00',
    ]);
  });
});
