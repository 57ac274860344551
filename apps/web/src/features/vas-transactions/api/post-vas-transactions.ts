import type { PostResult, PostVasTransactionsBody } from '@ff/contract';
import { POSTING_MESSAGES } from '@ff/contract/plain';
import { usePostRecords } from '@/components/posting/use-post-records';
import { api } from '@/lib/api-client';

/**
 * `POST /journalVasTransaction`: queues the selected rows for posting (the answer lists them as `queued`).
 * A loss without the Post Loss permission is refused with 403 and the loss message.
 */
export async function postVasTransactions(body: PostVasTransactionsBody): Promise<PostResult> {
  const response = await api.post<PostResult>('/journalVasTransaction', body);
  return response.data;
}

/** Toasts the outcome and reloads the list (queued rows leave it); `onDone` clears the selection. */
export const usePostVasTransactions = ({ onDone }: { onDone: () => void }) =>
  usePostRecords({
    post: postVasTransactions,
    successMessage: POSTING_MESSAGES.vas.success,
    fallbackError: POSTING_MESSAGES.vas.failure,
    invalidateKeys: [['vas-transactions']],
    onDone,
  });
