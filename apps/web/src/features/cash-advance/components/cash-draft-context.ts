import { createContext, useContext } from 'react';
import type { ComboboxItem } from '@mantine/core';
import type { CashAdvanceRow } from '@ff/contract';
import type { CashAdvanceDraft } from './cash-advance-rows';

/**
 * What the input cells read: the drafts, the ledger options and stable change handlers. Passed by context
 * rather than baked into the columns, so a change in one row re-renders the input cells (cheap, and their
 * memoised inputs bail out except in that row) instead of the whole table.
 */
export type CashDraftAccess = {
  draftOf: (row: CashAdvanceRow) => CashAdvanceDraft;
  ledgerOptions: ComboboxItem[];
  onPostingDateChange: (rowId: number, value: Date | null) => void;
  onLedgerChange: (rowId: number, value: number | null) => void;
};

export const CashDraftContext = createContext<CashDraftAccess | null>(null);

export function useCashDraftAccess(): CashDraftAccess {
  const access = useContext(CashDraftContext);
  if (!access) throw new Error('Cash advance input cells render inside CashDraftContext.');
  return access;
}
