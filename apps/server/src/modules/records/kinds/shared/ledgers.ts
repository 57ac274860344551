/** A local ledger account as the posting rules check it. */
export type LedgerAccountRecord = {
  id: number;
  accountNumber: string;
  accountType: string;
  category: string;
  isActive: boolean;
};
export type LedgerAccountLookup = (id: number) => Promise<LedgerAccountRecord | undefined>;
export type LedgerMap = Map<number, LedgerAccountRecord>;

export const PETTY_CASH = 'petty cash';

/** The ledger accounts a request names, loaded once before the claiming transaction. */
export async function prefetchLedgers(ledgers: LedgerAccountLookup, ids: number[]): Promise<LedgerMap> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => ledgers(id)));
  return new Map(found.filter((l): l is LedgerAccountRecord => l !== undefined).map((l) => [l.id, l]));
}

/** Why a chosen ledger cannot take a cash or fuel advance, or null. */
export function pettyCashProblem(ledgersById: LedgerMap, id: number): string | null {
  const ledger = ledgersById.get(id);
  if (!ledger) return 'the chosen posting ledger does not exist.';
  if (!ledger.isActive) return `the posting ledger ${ledger.accountNumber} is disabled.`;
  if (ledger.accountType !== PETTY_CASH)
    return `the account ${ledger.accountNumber} is not a petty cash ledger.`;
  return null;
}
