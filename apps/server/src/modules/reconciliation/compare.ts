import {
  RECORD_KINDS_PLAIN,
  type ReconciliationDifference,
  type ReconciliationDifferenceType,
  type ReconciliationSummary,
  type RecordKindName,
} from '@ff/contract';
import type { SapRangeDocument } from '../../erp/sap-gateway.js';
import { mismatchSentence, standsFor } from './adoption.js';
import { decimalOfCents, sapCents } from './amounts.js';
import type { DecodedKey } from './keys.js';
import { inRange, type KeyGroup } from './sap-groups.js';
import type { KeyedRecord, OurPosting } from './sides.js';

/**
 * The comparison itself, pure: our postings against SAP's documents, key by key (decision: docs in
 * docs/architecture.md "Reconciliation").
 */

const EMPTY_SUMMARY: ReconciliationSummary = {
  matched: 0,
  missingInSap: 0,
  cancelledInSap: 0,
  notPostedHere: 0,
  duplicateInSap: 0,
  amountDiffers: 0,
  dateDiffers: 0,
};
const SUMMARY_FIELD: Record<ReconciliationDifferenceType, keyof ReconciliationSummary> = {
  missing_in_sap: 'missingInSap',
  cancelled_in_sap: 'cancelledInSap',
  not_posted_here: 'notPostedHere',
  duplicate_in_sap: 'duplicateInSap',
  amount_differs: 'amountDiffers',
  date_differs: 'dateDiffers',
};

/** "TRP-2026-000123 (cash advance record)": how every message names a record. */
export function recordLabel(kind: RecordKindName | undefined, recordId: number | null, trip: string | null) {
  const noun = kind ? RECORD_KINDS_PLAIN[kind].noun.one : 'record';
  return `${trip ?? (recordId ? `#${recordId}` : 'Unknown record')} (${noun})`;
}

const docText = (d: SapRangeDocument) => `DocEntry ${d.docEntry ?? '?'}`;
const money = (cents: number | null) => (cents === null ? null : decimalOfCents(cents));
/** An amount of a posting as a message says it: 'USD 50.00' for a foreign-currency one, '50.00' otherwise. */
const inCurrency = (posting: Pick<OurPosting, 'measure' | 'currency'>, amount: string | null) =>
  posting.measure === 'foreign' && posting.currency ? `${posting.currency} ${amount}` : amount;

/**
 * Every difference between our postings and SAP's documents, and the summary. `records` holds the record steps
 * that SAP-only keys name (absent: no such record).
 */
export function compare(input: {
  range: { fromDate: string; toDate: string };
  ours: OurPosting[];
  groups: Map<string, KeyGroup>;
  records: Map<string, KeyedRecord>;
  /** The record step and generation of each key SAP holds that no posting of ours in the range carries. */
  decoded: Map<string, DecodedKey>;
}): { summary: ReconciliationSummary; differences: ReconciliationDifference[] } {
  const summary = { ...EMPTY_SUMMARY };
  const differences: ReconciliationDifference[] = [];
  const add = (
    type: ReconciliationDifferenceType,
    subject: {
      kind?: RecordKindName | undefined;
      recordId: number | null;
      tripNumber: string | null;
      key: string;
    },
    fields: {
      document?: SapRangeDocument | undefined;
      /** Our side: a posting of ours, or the record a "not posted here" document names. */
      ours?: Pick<OurPosting, 'cents' | 'postingDate' | 'measure' | 'currency'> & Partial<OurPosting>;
      message: string;
      adoptable?: boolean;
    },
  ) => {
    summary[SUMMARY_FIELD[type]] += 1;
    const { document, ours } = fields;
    differences.push({
      type,
      kind: subject.kind ? RECORD_KINDS_PLAIN[subject.kind].apiName : null,
      recordId: subject.recordId,
      tripNumber: subject.tripNumber,
      idempotencyKey: subject.key,
      sapDocEntry: document?.docEntry ?? ours?.docEntry ?? null,
      sapDocNum: document?.docNum ?? ours?.docNum ?? null,
      ours: ours ? { amount: money(ours.cents), postingDate: ours.postingDate } : null,
      sap: document
        ? { amount: decimalOfCents(sapCents(document, ours?.measure)), postingDate: document.date }
        : null,
      message: `${recordLabel(subject.kind, subject.recordId, subject.tripNumber)}: ${fields.message}`,
      adoptable: fields.adoptable ?? false,
      // Both sides' amounts are in this currency (a foreign-currency document's); null: the local currency.
      currency: ours?.measure === 'foreign' ? (ours.currency ?? null) : null,
    });
  };

  for (const posting of input.ours) {
    const originals = input.groups.get(posting.key)?.originals ?? [];
    const standing = originals.filter((o) => !o.cancelled).map((o) => o.document);
    const cancelled = originals.filter((o) => o.cancelled).map((o) => o.document);
    const here = `DocEntry ${posting.docEntry ?? '?'}`;
    if (posting.state === 'reversed') {
      if (standing.length === 0 && cancelled.length > 0) summary.matched += 1;
      else if (originals.length === 0)
        add('missing_in_sap', posting, {
          ours: posting,
          message: `posted here as ${here} and reversed, but SAP has no document with key ${posting.key}.`,
        });
      else
        add('not_posted_here', posting, {
          ours: posting,
          document: standing[0],
          message: `reversed here, but SAP's ${docText(standing[0]!)} with key ${posting.key} is not cancelled.`,
        });
      continue;
    }
    if (standing.length === 0) {
      if (cancelled.length)
        add('cancelled_in_sap', posting, {
          ours: posting,
          document: cancelled[0],
          message: `posted here as ${here} but SAP's ${docText(cancelled[0]!)} with key ${posting.key} is cancelled.`,
        });
      else
        add('missing_in_sap', posting, {
          ours: posting,
          message: `posted here as ${here} but SAP has no document with key ${posting.key}.`,
        });
      continue;
    }
    if (standing.length > 1) {
      add('duplicate_in_sap', posting, {
        ours: posting,
        document: standing[0],
        message: `SAP has ${standing.length} documents with key ${posting.key} (${standing.map(docText).join(', ')}).`,
      });
      continue;
    }
    const document = standing[0]!;
    const sap = sapCents(document, posting.measure);
    let differs = false;
    if (posting.cents !== null && posting.cents !== sap) {
      differs = true;
      add('amount_differs', posting, {
        ours: posting,
        document,
        message: `the amount here is ${inCurrency(posting, money(posting.cents))} but SAP's ${docText(document)} has ${inCurrency(posting, decimalOfCents(sap))}.`,
      });
    }
    if (posting.postingDate !== null && document.date !== null && posting.postingDate !== document.date) {
      differs = true;
      add('date_differs', posting, {
        ours: posting,
        document,
        message: `the posting date here is ${posting.postingDate} but SAP's ${docText(document)} has ${document.date}.`,
      });
    }
    if (!differs) summary.matched += 1;
  }

  const known = new Set(input.ours.map((o) => o.key));
  for (const [key, group] of input.groups) {
    if (known.has(key)) continue;
    const standing = group.originals.filter((o) => !o.cancelled && inRange(o.document.date, input.range));
    const document = standing[0]?.document;
    if (!document) continue;
    const decoded = input.decoded.get(key);
    const record = input.records.get(key);
    const subject = {
      kind: decoded?.kind,
      recordId: decoded?.recordId ?? null,
      tripNumber: record?.tripNumber ?? null,
      key,
    };
    // Only the record's own generation is compared with the document: an earlier one's was another posting.
    const same = record && record.generation === decoded?.generation ? record : undefined;
    const open = !!same && (same.status === 'unposted' || same.status === 'failed');
    const sap = same && { cents: sapCents(document, same.basis.measure), date: document.date };
    const agrees = !!same && !!sap && standsFor(same.basis, sap);
    const adoptable = open && standing.length === 1 && agrees;
    const why = !decoded
      ? 'no record here carries this key'
      : !record
        ? 'there is no such record here'
        : !same
          ? `it belongs to an earlier posting of the record (now posting ${record.generation})`
          : adoptable
            ? `the record is ${same.status} here; adopt SAP's document to mark it posted`
            : open && !agrees
              ? `the record is ${same.status} here, but ${mismatchSentence(same.basis, sap!, { sap: "SAP's document", record: 'the record' })}`
              : `the record is ${same.status} here`;
    add('not_posted_here', subject, {
      document,
      ours: same?.basis,
      message: `SAP has ${docText(document)} with key ${key}, but it is not posted here: ${why}.`,
      adoptable,
    });
  }
  return { summary, differences };
}
