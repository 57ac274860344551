import { z } from 'zod';
import { listOf } from './common.js';
import { ACCOUNT_TYPES, ACCOUNTS_MESSAGES } from './plain.js';

export const accountsQuery = z.object({
  accountType: z.enum(ACCOUNT_TYPES, { error: ACCOUNTS_MESSAGES.unknownType }),
});
export type AccountsQuery = z.infer<typeof accountsQuery>;

export const ledgerAccount = z.object({
  id: z.number().int(),
  description: z.string(),
  accountNumber: z.string(),
  category: z.string(),
});
export type LedgerAccount = z.infer<typeof ledgerAccount>;

/** `GET /accounts?accountType=...`: the active accounts of that type. */
export const ledgerAccountList = listOf(ledgerAccount);

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
