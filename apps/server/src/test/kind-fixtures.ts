import { RECORD_KINDS_PLAIN, type PostBodyOf, type PostEntryOf, type RecordKindName } from '@ff/contract';
import { ledgerAccounts } from '../db/schema.js';
import { makeRecords, nairobiDay, type PostingHarness, type RecordKind } from './posting-harness.js';

/**
 * What the tests need of each registry kind beyond its entry: the harness records whose import brings its
 * rows, and a post entry its rules accept. The type asks for one per RecordKindName, so a new kind's entry
 * here is what puts it through the registry walk (modules/records/every-kind.int.test.ts) and the access
 * cases of its routes (route-cases.ts).
 */
/** A seeded ledger account's id by its account number. */
export type LedgerIds = (accountNumber: string) => number;

export type KindFixture<K extends RecordKindName> = {
  /** The harness records (posting-harness.ts `recordRows`) whose import brings this kind's rows. */
  records: RecordKind;
  /**
   * A post entry for row `id` that the kind's rules accept (default records); `ledger` answers the id of a
   * seeded ledger account by its number (read once per body, `fixtureLedgers`).
   */
  entry(ledger: LedgerIds, id: number, postingDate: string): PostEntryOf<K>;
};

export const KIND_FIXTURES: { [K in RecordKindName]: KindFixture<K> } = {
  salesInvoice: {
    records: 'sales',
    entry: (_ledger, id, postingDate) => ({ saleInvoice: id, postingDate }),
  },
  firstJournal: {
    records: 'transporter',
    entry: (_ledger, id, postingDate) => ({
      transporterInvoice: id,
      postingDate,
      supplierInvoiceNumber: `SUP-${id}`,
    }),
  },
  secondJournal: {
    records: 'transporter',
    entry: (_ledger, id, postingDate) => ({ transporterInvoice: id, postingDate }),
  },
  cashAdvance: {
    records: 'cash',
    entry: (ledger, id, postingDate) => ({
      cashAdvanceId: id,
      sapAccount: ledger('110101'),
      postingDate,
    }),
  },
  fuelAdvance: {
    records: 'fuel',
    entry: (ledger, id, postingDate) => ({
      fuelAdvanceId: id,
      sapAccount: ledger('110101'),
      collectedQuantity: '5',
      postingDate,
      orderNumber: `PICK-${id}`,
    }),
  },
  vasTransaction: {
    records: 'vas',
    entry: (ledger, id, postingDate) => ({
      vasTransactionId: id,
      sapAccountRevenue: ledger('410200'),
      sapAccountCost: ledger('510200'),
      collectedQuantity: '2',
      productType: 'Tyres',
      postingDate,
      orderNumber: `VPICK-${id}`,
    }),
  },
};

/** The seeded ledger accounts' ids by account number, read once. */
export async function fixtureLedgers(h: Pick<PostingHarness, 'database'>): Promise<LedgerIds> {
  const rows = await h.database.db
    .select({ id: ledgerAccounts.id, accountNumber: ledgerAccounts.accountNumber })
    .from(ledgerAccounts);
  const ids = new Map(rows.map((row) => [row.accountNumber, row.id]));
  return (accountNumber) => {
    const id = ids.get(accountNumber);
    if (id === undefined) throw new Error(`No ledger account ${accountNumber}`);
    return id;
  };
}

/** The body posting rows `ids` of a kind with its fixture's entries. */
export async function postBodyOf<K extends RecordKindName>(
  h: Pick<PostingHarness, 'database'>,
  kind: K,
  ids: number[],
  postingDate = nairobiDay(),
): Promise<PostBodyOf<K>> {
  const fixture = KIND_FIXTURES[kind] as KindFixture<K>;
  const ledger = await fixtureLedgers(h);
  return { postSap: ids.map((id) => fixture.entry(ledger, id, postingDate)) } as PostBodyOf<K>;
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
