import type { RecordKindName } from '@ff/contract';
import type { PostingStatus } from '../records/kinds/shared/columns.js';
import type { AdoptionBasis } from './adoption.js';
import type { Measure } from './amounts.js';

/** What the comparison (compare.ts) takes from our side: our postings, and the records SAP's keys name. */

/** One posting of ours: a record step's current posting (`posted`), or an earlier one we cancelled (`reversed`). */
export type OurPosting = {
  kind: RecordKindName;
  recordId: number;
  tripNumber: string | null;
  key: string;
  docEntry: number | null;
  docNum: number | null;
  /** What we sent, in cents, and the posting date 'YYYY-MM-DD' (null when unknown). */
  cents: number | null;
  postingDate: string | null;
  /** `sent`: `cents` is what the stored document sent; `record`: the record's amount field (no document stored). */
  measure: Measure;
  /** The foreign currency `cents` is in (measure `foreign`, issue 25); absent: the local currency. */
  currency?: string;
  state: 'posted' | 'reversed';
};

/** A record step a SAP key names, as it stands here (for "in SAP but not posted here"). */
export type KeyedRecord = {
  kind: RecordKindName;
  recordId: number;
  tripNumber: string | null;
  status: PostingStatus;
  generation: number;
  /** What a posting of it stands for: SAP's document must agree before it is adopted (adoption.ts). */
  basis: AdoptionBasis;
};
