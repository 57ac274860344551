import type { Env } from './env.js';

/**
 * The G/L accounts the posting rules use that no screen chooses (docs/design/architecture.md section 6, "Mapping").
 * Defaults are the simulator's chart; a real company sets its own codes through the environment.
 */
export type SapPostingAccounts = {
  /** Credited by sales invoices (A/R service line). SAP_ACCOUNT_FREIGHT_REVENUE, default 400100. */
  freightRevenue: string;
  /** Debited by the first transporter journal. SAP_ACCOUNT_TRANSPORT_COST, default 500100. */
  transportCost: string;
  /** Credited by the first and debited by the second transporter journal. SAP_ACCOUNT_ACCRUED_TRANSPORTER_COSTS, default 210200. */
  accruedTransporterCosts: string;
};

export const DEFAULT_SAP_POSTING_ACCOUNTS: SapPostingAccounts = {
  freightRevenue: '400100',
  transportCost: '500100',
  accruedTransporterCosts: '210200',
};

/** Their environment variable names, for messages that tell an operator what to change. */
export const SAP_POSTING_ACCOUNT_VARIABLES: Record<keyof SapPostingAccounts, string> = {
  freightRevenue: 'SAP_ACCOUNT_FREIGHT_REVENUE',
  transportCost: 'SAP_ACCOUNT_TRANSPORT_COST',
  accruedTransporterCosts: 'SAP_ACCOUNT_ACCRUED_TRANSPORTER_COSTS',
};

export function sapPostingAccounts(
  env: Pick<
    Env,
    'SAP_ACCOUNT_FREIGHT_REVENUE' | 'SAP_ACCOUNT_TRANSPORT_COST' | 'SAP_ACCOUNT_ACCRUED_TRANSPORTER_COSTS'
  >,
): SapPostingAccounts {
  return {
    freightRevenue: env.SAP_ACCOUNT_FREIGHT_REVENUE,
    transportCost: env.SAP_ACCOUNT_TRANSPORT_COST,
    accruedTransporterCosts: env.SAP_ACCOUNT_ACCRUED_TRANSPORTER_COSTS,
  };
}
