import type { LedgerAccount } from '@ff/contract';

/** The loaded revenue and cost accounts (`GET /accounts?accountType=Vas Transaction Revenue|Cost`). */
export type VasAccounts = { revenue: readonly LedgerAccount[]; cost: readonly LedgerAccount[] };

export const ACCOUNT_PAIRING_MESSAGES = {
  revenueNotFound: 'Failed to find the selected revenue account. Please contact support.',
  costNotFound: 'Failed to find related cost account for selected revenue account.',
} as const;

export type AccountPairing = { ok: true; costId: number } | { ok: false; message: string };

/**
 * docs/spec/product-spec.md section 4: choosing a revenue account sets the cost account to the one with the same category.
 * Either lookup can fail (the lists changed since they loaded, or the chart of accounts lacks a pair).
 */
export function pairCostAccount(revenueId: number, accounts: VasAccounts): AccountPairing {
  const revenue = accounts.revenue.find((account) => account.id === revenueId);
  if (!revenue) return { ok: false, message: ACCOUNT_PAIRING_MESSAGES.revenueNotFound };
  const cost = accounts.cost.find((account) => account.category === revenue.category);
  if (!cost) return { ok: false, message: ACCOUNT_PAIRING_MESSAGES.costNotFound };
  return { ok: true, costId: cost.id };
}

/** The cost accounts offered next to a revenue account: those of its category (all while none is chosen). */
export function costAccountsFor(revenueId: number | null, accounts: VasAccounts): readonly LedgerAccount[] {
  const revenue =
    revenueId === null ? undefined : accounts.revenue.find((account) => account.id === revenueId);
  return revenue ? accounts.cost.filter((account) => account.category === revenue.category) : accounts.cost;
}

/** Both accounts chosen, both in the loaded lists and of the same category (the server refuses other pairs). */
export function isAccountPair(
  revenueId: number | null,
  costId: number | null,
  accounts: VasAccounts,
): boolean {
  if (revenueId === null || costId === null) return false;
  const revenue = accounts.revenue.find((account) => account.id === revenueId);
  const cost = accounts.cost.find((account) => account.id === costId);
  return revenue !== undefined && cost !== undefined && revenue.category === cost.category;
}
