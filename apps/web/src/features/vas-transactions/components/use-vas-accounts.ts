import { useCallback, useMemo } from 'react';
import type { LedgerAccount } from '@ff/contract';
import { useVasCostAccounts, useVasRevenueAccounts } from '../api/get-vas-accounts';
import { accountOptions } from './row-inputs';
import { costAccountsFor, type VasAccounts } from './vas-account-pairing';

const EMPTY: LedgerAccount[] = [];

/**
 * The revenue and cost account lists with their select options. `costOptionsFor` returns one stable array per
 * revenue account, so the memoised cost selects of other rows do not re-render.
 */
export function useVasAccounts() {
  const revenueQuery = useVasRevenueAccounts();
  const costQuery = useVasCostAccounts();
  const revenue = revenueQuery.data ?? EMPTY;
  const cost = costQuery.data ?? EMPTY;
  const accounts = useMemo<VasAccounts>(() => ({ revenue, cost }), [revenue, cost]);
  const loading = revenueQuery.isPending || costQuery.isPending;
  const revenueOptions = useMemo(() => accountOptions(revenue, loading), [revenue, loading]);
  const costOptionsByRevenue = useMemo(
    () =>
      new Map(
        revenue.map((account) => [
          account.id,
          accountOptions(costAccountsFor(account.id, accounts), loading),
        ]),
      ),
    [revenue, accounts, loading],
  );
  const allCostOptions = useMemo(() => accountOptions(cost, loading), [cost, loading]);
  const costOptionsFor = useCallback(
    (revenueId: number | null) =>
      (revenueId === null ? undefined : costOptionsByRevenue.get(revenueId)) ?? allCostOptions,
    [costOptionsByRevenue, allCostOptions],
  );
  return {
    accounts,
    revenueOptions,
    costOptionsFor,
    isPending: loading,
    error: revenueQuery.error ?? costQuery.error,
  };
}
