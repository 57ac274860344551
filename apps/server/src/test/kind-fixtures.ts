import { RECORD_KINDS_PLAIN, type PostBodyOf, type PostEntryOf, type RecordKindName } from '@ff/contract';
import {
  ledgerId,
  makeRecords,
  nairobiDay,
  type PostingHarness,
  type RecordKind,
} from './posting-harness.js';

/**
 * What the tests need of each registry kind beyond its entry: the harness records whose import brings its
 * rows, and a post entry its rules accept. The type asks for one per RecordKindName, so a new kind's entry
 * here is what puts it through the registry walk (modules/records/every-kind.int.test.ts) and the access
 * cases of its routes (route-cases.ts).
 */
export type KindFixture<K extends RecordKindName> = {
  /** The harness records (posting-harness.ts `recordRows`) whose import brings this kind's rows. */
  records: RecordKind;
  /** A post entry for row `id` that the kind's rules accept (seeded ledger accounts, default records). */
  entry(h: Pick<PostingHarness, 'database'>, id: number, postingDate: string): Promise<PostEntryOf<K>>;
};

export const KIND_FIXTURES: { [K in RecordKindName]: KindFixture<K> } = {
  salesInvoice: {
    records: 'sales',
    entry: async (_h, id, postingDate) => ({ saleInvoice: id, postingDate }),
  },
  firstJournal: {
    records: 'transporter',
    entry: async (_h, id, postingDate) => ({
      transporterInvoice: id,
      postingDate,
      supplierInvoiceNumber: `SUP-${id}`,
    }),
  },
  secondJournal: {
    records: 'transporter',
    entry: async (_h, id, postingDate) => ({ transporterInvoice: id, postingDate }),
  },
  cashAdvance: {
    records: 'cash',
    entry: async (h, id, postingDate) => ({
      cashAdvanceId: id,
      sapAccount: await ledgerId(h, '110101'),
      postingDate,
    }),
  },
  fuelAdvance: {
    records: 'fuel',
    entry: async (h, id, postingDate) => ({
      fuelAdvanceId: id,
      sapAccount: await ledgerId(h, '110101'),
      collectedQuantity: '5',
      postingDate,
      orderNumber: `PICK-${id}`,
    }),
  },
  vasTransaction: {
    records: 'vas',
    entry: async (h, id, postingDate) => ({
      vasTransactionId: id,
      sapAccountRevenue: await ledgerId(h, '410200'),
      sapAccountCost: await ledgerId(h, '510200'),
      collectedQuantity: '2',
      productType: 'Tyres',
      postingDate,
      orderNumber: `VPICK-${id}`,
    }),
  },
};

/** The body posting rows `ids` of a kind with its fixture's entries. */
export async function postBodyOf<K extends RecordKindName>(
  h: Pick<PostingHarness, 'database'>,
  kind: K,
  ids: number[],
  postingDate = nairobiDay(),
): Promise<PostBodyOf<K>> {
  const fixture = KIND_FIXTURES[kind] as KindFixture<K>;
  return { postSap: await Promise.all(ids.map((id) => fixture.entry(h, id, postingDate))) } as PostBodyOf<K>;
}

/**
 * `count` fresh rows of a kind, ready to post: its records imported and, for a kind that `requires` another
 * (the second journal), that step posted first by the administrator.
 */
export async function postableRows(h: PostingHarness, kind: RecordKindName, count = 1): Promise<number[]> {
  const ids = await makeRecords(h, KIND_FIXTURES[kind].records, count);
  const entry = RECORD_KINDS_PLAIN[kind];
  if ('requires' in entry) {
    const required = entry.requires;
    const admin = await h.signInAsAdmin();
    const posted = await admin.post(RECORD_KINDS_PLAIN[required].apiPath, await postBodyOf(h, required, ids));
    if (posted.status !== 200)
      throw new Error(`The ${required} step of #${ids.join(', #')} was not posted: ${posted.text}`);
  }
  return ids;
}
