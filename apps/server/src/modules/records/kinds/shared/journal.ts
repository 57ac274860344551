import type { SapPostingAccounts } from '../../../../config/sap-accounts.js';
import {
  journal,
  type DocumentCommon,
  type Leg,
  type SapDocumentRequest,
  type Side,
} from '../../../../erp/posting-rules.js';

/** Two journal legs moving `cents` from the credited side to the debited one, the debit first, both with `memo`. */
export const transfer = (debit: Side, credit: Side, cents: bigint, memo: string | undefined): Leg[] => [
  { side: debit, debit: cents, memo },
  { side: credit, credit: cents, memo },
];

/** What a one-transfer journal moves: `cents` from `credit` to `debit`, and what it carries in Reference2. */
export type Transfer = { cents: bigint; debit: Side; credit: Side; reference2?: string | undefined };

/**
 * The SAP document of a kind whose journal is one transfer: `transferOf` reads (and checks, in its order) the
 * amount, the two sides and Reference2 from the record; the journal carries the memo on both lines and the
 * key in Reference3.
 */
export const transferJournal =
  <I extends DocumentCommon>(transferOf: (input: I, accounts: SapPostingAccounts) => Transfer) =>
  (input: I, accounts: SapPostingAccounts): SapDocumentRequest => {
    const { cents, debit, credit, reference2 } = transferOf(input, accounts);
    return journal(input, transfer(debit, credit, cents, input.memo), { reference2 });
  };
