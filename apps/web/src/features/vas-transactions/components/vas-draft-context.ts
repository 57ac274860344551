import { createContext, useContext } from 'react';
import type { ComboboxItem } from '@mantine/core';
import type { VasTransactionRow } from '@ff/contract';
import type { VasTransactionDraft } from './vas-transaction-rows';

/**
 * What the input cells read: the drafts, the account options and stable change handlers. Passed by context
 * rather than baked into the columns, so typing in one row re-renders the input cells (cheap, and their
 * memoised inputs bail out except in that row) instead of the whole table.
 */
export type VasDraftAccess = {
  draftOf: (row: VasTransactionRow) => VasTransactionDraft;
  revenueOptions: ComboboxItem[];
  /** The cost accounts offered next to a chosen revenue account (those of its category). */
  costOptionsFor: (revenueId: number | null) => ComboboxItem[];
  onPickupOrderNoChange: (rowId: number, value: string) => void;
  onRevenueChange: (rowId: number, value: number | null) => void;
  onCostChange: (rowId: number, value: number | null) => void;
  onCollectedQuantityChange: (rowId: number, value: string) => void;
  onPostingDateChange: (rowId: number, value: Date | null) => void;
};

export const VasDraftContext = createContext<VasDraftAccess | null>(null);

export function useVasDraftAccess(): VasDraftAccess {
  const access = useContext(VasDraftContext);
  if (!access) throw new Error('VAS input cells render inside VasDraftContext.');
  return access;
}
