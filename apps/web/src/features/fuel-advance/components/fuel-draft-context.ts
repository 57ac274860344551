import { createContext, useContext } from 'react';
import type { ComboboxItem } from '@mantine/core';
import type { FuelAdvanceRow } from '@ff/contract';
import type { FuelAdvanceDraft } from './fuel-advance-rows';

/**
 * What the input cells read: the drafts, the ledger options and stable change handlers. Passed by context
 * rather than baked into the columns, so typing in one row re-renders the input cells (cheap, and their
 * memoised inputs bail out except in that row) instead of the whole table.
 */
export type FuelDraftAccess = {
  draftOf: (row: FuelAdvanceRow) => FuelAdvanceDraft;
  ledgerOptions: ComboboxItem[];
  onPickupOrderNoChange: (rowId: number, value: string) => void;
  onLedgerChange: (rowId: number, value: number | null) => void;
  onCollectedQuantityChange: (rowId: number, value: string) => void;
  onPostingDateChange: (rowId: number, value: Date | null) => void;
};

export const FuelDraftContext = createContext<FuelDraftAccess | null>(null);

export function useFuelDraftAccess(): FuelDraftAccess {
  const access = useContext(FuelDraftContext);
  if (!access) throw new Error('Fuel advance input cells render inside FuelDraftContext.');
  return access;
}
