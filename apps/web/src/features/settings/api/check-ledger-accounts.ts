import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface LedgerAccountProblem {
  id: number;
  accountNumber: string;
  description: string;
  reason: string;
}

/** `GET /accounts/sapCheck`: every local ledger account looked up in SAP. */
export interface LedgerAccountsSapCheck {
  checked: number;
  problems: LedgerAccountProblem[];
}

export async function checkLedgerAccounts(): Promise<LedgerAccountsSapCheck> {
  const response = await api.get<LedgerAccountsSapCheck>('/accounts/sapCheck');
  return response.data;
}

// A mutation, not a query: it runs only when asked, and a failure is reported at once instead of retried.
export const useCheckLedgerAccounts = () => useMutation({ mutationFn: checkLedgerAccounts });
