import type { PostCashAdvancesBody, PostResult } from '@ff/contract';
import { POSTING_MESSAGES } from '@ff/contract/plain';
import { usePostRecords } from '@/components/posting/use-post-records';
import { api } from '@/lib/api-client';

/** `POST /journalCashAdvance`: posts the selected rows to SAP; a 422 names the rows SAP refused and why. */
export async function postCashAdvances(body: PostCashAdvancesBody): Promise<PostResult> {
  const response = await api.post<PostResult>('/journalCashAdvance', body);
  return response.data;
}

/** Toasts the outcome, reloads the list with its current filters and calls `onDone` (clear the selection). */
export const usePostCashAdvances = ({ onDone }: { onDone: () => void }) =>
  usePostRecords({
    post: postCashAdvances,
    successMessage: POSTING_MESSAGES.cash.success,
    fallbackError: POSTING_MESSAGES.cash.failure,
    invalidateKeys: [['cash-advances']],
    onDone,
  });
