import { RECORD_KIND_NAMES, type RecordKindName } from '@ff/contract';
import type { SapPostingAccounts } from '../../../config/sap-accounts.js';
import type { SapDocumentRequest } from '../../../erp/posting-rules.js';
import { cashAdvance } from './cash-advance/index.js';
import { firstJournal } from './first-journal/index.js';
import { fuelAdvance } from './fuel-advance/index.js';
import { salesInvoice } from './sales-invoice/index.js';
import { secondJournal } from './second-journal/index.js';
import type { ServerKind } from './shared/kind.js';
import { vasTransaction } from './vas-transaction/index.js';

/**
 * The server's record-kind registry: one entry per RecordKindName (packages/contract kinds.ts), each from its
 * folder. Routes, posting steps, imports, demo data and the access cases loop over it; a new kind is a new
 * folder and a line here.
 */
export const SERVER_KINDS = {
  salesInvoice,
  firstJournal,
  secondJournal,
  cashAdvance,
  fuelAdvance,
  vasTransaction,
} as const satisfies { [K in RecordKindName]: ServerKind<K, any, any, any, any> };

export type ServerKinds = typeof SERVER_KINDS;
/** Any one kind, for the loops. */
export type AnyServerKind = ServerKinds[RecordKindName];

/** Every kind in the registry's order, with its name. */
export const serverKinds = (): AnyServerKind[] => RECORD_KIND_NAMES.map((name) => SERVER_KINDS[name]);

/** The input of a kind's SAP document mapping. */
export type SapDocumentInput<K extends RecordKindName> = Parameters<ServerKinds[K]['sapDocument']>[0];
export type PostingRules = { [K in RecordKindName]: (input: SapDocumentInput<K>) => SapDocumentRequest };

/** Every kind's record -> SAP document mapping, bound to the configured posting accounts. */
export function createPostingRules(accounts: SapPostingAccounts): PostingRules {
  return Object.fromEntries(
    RECORD_KIND_NAMES.map((name) => [
      name,
      (input: never) =>
        (SERVER_KINDS[name].sapDocument as (i: never, a: SapPostingAccounts) => SapDocumentRequest)(
          input,
          accounts,
        ),
    ]),
  ) as PostingRules;
}
