import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ComboboxItem } from '@mantine/core';
import type { AccountType, LedgerAccount } from '@ff/contract';
import { formatLedgerAccount } from '@ff/contract/plain';
import { getList } from '@/lib/list-query';
import type { ScreenData } from './posting-kind';

/** `GET /accounts?accountType=...`: the active ledger accounts of one type (petty cash, VAS revenue or cost). */
export const getLedgerAccounts = (accountType: AccountType) =>
  getList<LedgerAccount>('/accounts', { accountType });

// One key per type: the cash and fuel screens read the same petty-cash list, so one load serves both.
export const ledgerAccountsQueryOptions = (accountType: AccountType) =>
  queryOptions({
    queryKey: ['accounts', accountType] as const,
    queryFn: () => getLedgerAccounts(accountType),
    staleTime: 5 * 60_000,
  });

export const useLedgerAccounts = (accountType: AccountType) =>
  useQuery(ledgerAccountsQueryOptions(accountType));

/**
 * The options of an account select: a first empty choice that says what is going on, then the accounts as
 * 'description - accountNumber' with the id as value.
 */
export function accountOptions(
  accounts: readonly LedgerAccount[] | undefined,
  loading: boolean,
): ComboboxItem[] {
  const first = loading ? 'Loading accounts…' : accounts?.length ? 'Select account' : 'No accounts';
  return [
    { value: '', label: first },
    ...(accounts ?? []).map((account) => ({
      value: String(account.id),
      label: formatLedgerAccount(account),
    })),
  ];
}

/** The ledgers a row may be posted from: their ids (a row is ready only with one of them) and select options. */
export type LedgerChoice = { ledgerIds: ReadonlySet<number>; ledgerOptions: ComboboxItem[] };

/**
 * The screen data of a screen whose rows each pick a ledger of one type (cash and fuel: petty cash). Nothing
 * is selectable before the accounts load, and a ledger that is no longer listed cannot be posted to.
 */
export function useLedgerChoice(accountType: AccountType): ScreenData<LedgerChoice> {
  const ledgers = useLedgerAccounts(accountType);
  const context = useMemo(
    () => ({
      ledgerIds: new Set((ledgers.data ?? []).map((account) => account.id)),
      ledgerOptions: accountOptions(ledgers.data, ledgers.isPending),
    }),
    [ledgers.data, ledgers.isPending],
  );
  return { context, isPending: ledgers.isPending, error: ledgers.error };
}
