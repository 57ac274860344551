import { useCallback, useMemo } from 'react';
import type { ComboboxItem } from '@mantine/core';
import type { LedgerAccount } from '@ff/contract';
import { PERMISSIONS } from '@ff/contract/plain';
import { accountOptions, useLedgerAccounts } from '@/features/records/posting/ledger-accounts';
import type { ScreenData } from '@/features/records/posting/posting-kind';
import { useHasPermission } from '@/lib/auth/current-user';
import { costAccountsFor, type VasAccounts } from './vas-account-pairing';

/** What the VAS inputs and rules read besides the rows. */
export type VasContext = {
  accounts: VasAccounts;
  revenueOptions: ComboboxItem[];
  /** The cost accounts offered next to a chosen revenue account (those of its category). */
  costOptionsFor: (revenueId: number | null) => ComboboxItem[];
  /** Post Loss: without it, a row sold below cost is not sent (docs/spec/product-spec.md section 6). */
  canPostLoss: boolean;
};

const EMPTY: LedgerAccount[] = [];

/**
 * The revenue and cost account lists with their select options, and the Post Loss permission.
 * `costOptionsFor` returns one stable array per revenue account, so the cost selects of other rows keep
 * their options.
 */
export function useVasScreenData(): ScreenData<VasContext> {
  const revenueQuery = useLedgerAccounts('Vas Transaction Revenue');
  const costQuery = useLedgerAccounts('Vas Transaction Cost');
  const canPostLoss = useHasPermission(PERMISSIONS.postLoss);
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
  const context = useMemo(
    () => ({ accounts, revenueOptions, costOptionsFor, canPostLoss }),
    [accounts, revenueOptions, costOptionsFor, canPostLoss],
  );
  return { context, isPending: loading, error: revenueQuery.error ?? costQuery.error };
}
