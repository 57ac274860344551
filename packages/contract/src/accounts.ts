import { z } from 'zod';

export const ACCOUNT_TYPES = ['petty cash', 'Vas Transaction Revenue', 'Vas Transaction Cost'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNTS_MESSAGES = {
  unknownType: `The account type must be one of: ${ACCOUNT_TYPES.join(', ')}.`,
} as const;

export const accountsQuery = z.object({ accountType: z.enum(ACCOUNT_TYPES, { error: ACCOUNTS_MESSAGES.unknownType }) });
export type AccountsQuery = z.infer<typeof accountsQuery>;

export const ledgerAccount = z.object({
  id: z.number().int(),
  description: z.string(),
  accountNumber: z.string(),
  category: z.string(),
});
export type LedgerAccount = z.infer<typeof ledgerAccount>;

/** `GET /accounts?accountType=...`: the active accounts of that type. */
export const ledgerAccountList = z.object({ data: z.array(ledgerAccount) });

/** Shown as 'description - accountNumber' (spec section 3). */
export const formatLedgerAccount = (a: Pick<LedgerAccount, 'description' | 'accountNumber'>) =>
  `${a.description} - ${a.accountNumber}`;

/** A local ledger account that cannot be posted to in SAP, and why. */
export const ledgerAccountProblem = z.object({
  id: z.number().int(),
  accountNumber: z.string(),
  description: z.string(),
  reason: z.string(),
});
export type LedgerAccountProblem = z.infer<typeof ledgerAccountProblem>;

/** A configured posting account (freight revenue, transport cost, accrued costs) that SAP cannot post to. */
export const postingAccountProblem = z.object({
  name: z.string(),
  accountNumber: z.string(),
  reason: z.string(),
});
export type PostingAccountProblem = z.infer<typeof postingAccountProblem>;

/** `GET /accounts/sapCheck`: every active local account (and every configured posting account) looked up in SAP. */
export const ledgerAccountsSapCheck = z.object({
  checked: z.number().int(),
  problems: z.array(ledgerAccountProblem),
  postingAccountProblems: z.array(postingAccountProblem),
});
export type LedgerAccountsSapCheck = z.infer<typeof ledgerAccountsSapCheck>;
