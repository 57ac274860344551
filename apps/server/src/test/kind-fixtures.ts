import {
  RECORD_KIND_NAMES,
  RECORD_KINDS_PLAIN,
  type PostBodyOf,
  type PostEntryOf,
  type PostFieldRule,
  type RecordKindName,
} from '@ff/contract';
import { asc } from 'drizzle-orm';
import { ledgerAccounts } from '../db/schema.js';
import { SERVER_KINDS } from '../modules/records/kinds/index.js';
import { makeRecords, nairobiDay, type PostingHarness, type RecordKind } from './posting-harness.js';

/**
 * What the tests need of each registry kind beyond its entry: the harness records whose import brings its
 * rows, and a post entry its rules accept. The spec's kinds have their own (`KIND_FIXTURES` below); any other
 * kind gets the default (`defaultFixture`): its own demo rows (posting-records.ts) and an entry made from its
 * post body's rules. That is what puts a kind through the registry walk (modules/records/every-kind.int.test.ts),
 * the mixed-load and fault suites and the access cases of its routes (route-cases.ts).
 */

/** A seeded ledger account's id by its account number; `ofType`: the first active one of an account type. */
export type LedgerIds = ((accountNumber: string) => number) & { ofType(accountType: string): number };

export type KindFixture<K extends RecordKindName> = {
  /** The harness records (posting-harness.ts `recordRows`) whose import brings this kind's rows. */
  records: RecordKind;
  /**
   * A post entry for row `id` that the kind's rules accept (default records); `ledger` answers the id of a
   * seeded ledger account by its number (read once per body, `fixtureLedgers`).
   */
  entry(ledger: LedgerIds, id: number, postingDate: string): PostEntryOf<K>;
};

/**
 * A post entry value each body rule accepts (the registry's `post.fields`): a ledger of the type the server kind
 * chooses from (`ledgerType`), text unique to the row, one unit of a quantity; optional fields are left out.
 */
function defaultValue(
  name: RecordKindName,
  rule: PostFieldRule,
  ledger: LedgerIds,
  id: number,
  postingDate: string,
): unknown {
  switch (rule) {
    case 'recordId':
      return id;
    case 'postingDate':
      return postingDate;
    case 'ledgerId': {
      const type = (SERVER_KINDS[name] as { ledgerType?: string }).ledgerType;
      if (!type)
        throw new Error(`${name} has a ledger field but no ledgerType: give it a KIND_FIXTURES entry.`);
      return ledger.ofType(type);
    }
    case 'requiredText':
      return `REF-${id}`;
    case 'quantity':
      return '1';
    case 'optionalText':
    case 'optionalFlag':
      return undefined;
  }
}

/** A kind's default fixture: its own demo rows, and an entry made from its post body's rules. */
export function defaultFixture<K extends RecordKindName>(name: K): KindFixture<K> {
  const fields = RECORD_KINDS_PLAIN[name].post.fields as Readonly<Record<string, PostFieldRule>>;
  return {
    records: name,
    entry: (ledger, id, postingDate) =>
      Object.fromEntries(
        Object.entries(fields).flatMap(([field, rule]) => {
          const value = defaultValue(name, rule, ledger, id, postingDate);
          return value === undefined ? [] : [[field, value]];
        }),
      ) as PostEntryOf<K>,
  };
}

/** The spec's kinds' fixtures (any other kind's is its default). */
const SPEC_FIXTURES: { [K in RecordKindName]?: KindFixture<K> } = {
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

/** Every registry kind's fixture: its own, or its default. */
export const KIND_FIXTURES = Object.fromEntries(
  RECORD_KIND_NAMES.map((name) => [name, SPEC_FIXTURES[name] ?? defaultFixture(name)]),
) as { [K in RecordKindName]: KindFixture<K> };

/** The seeded ledger accounts' ids by account number (and by type), read once. */
export async function fixtureLedgers(h: Pick<PostingHarness, 'database'>): Promise<LedgerIds> {
  const rows = await h.database.db
    .select({
      id: ledgerAccounts.id,
      accountNumber: ledgerAccounts.accountNumber,
      accountType: ledgerAccounts.accountType,
      isActive: ledgerAccounts.isActive,
    })
    .from(ledgerAccounts)
    .orderBy(asc(ledgerAccounts.accountNumber));
  const ids = new Map(rows.map((row) => [row.accountNumber, row.id]));
  const byNumber = (accountNumber: string) => {
    const id = ids.get(accountNumber);
    if (id === undefined) throw new Error(`No ledger account ${accountNumber}`);
    return id;
  };
  const ofType = (accountType: string) => {
    const row = rows.find((r) => r.accountType === accountType && r.isActive);
    if (!row) throw new Error(`No active ledger account of type ${accountType}`);
    return row.id;
  };
  return Object.assign(byNumber, { ofType });
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
