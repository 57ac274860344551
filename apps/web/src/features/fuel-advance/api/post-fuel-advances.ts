import type { PostFuelAdvancesBody, PostResult } from '@ff/contract';
import { POSTING_MESSAGES } from '@ff/contract/plain';
import { usePostRecords } from '@/components/posting/use-post-records';
import { api } from '@/lib/api-client';

/** `POST /journalFuelAdvance`: posts the selected rows to SAP; the server recomputes every total. */
export async function postFuelAdvances(body: PostFuelAdvancesBody): Promise<PostResult> {
  const response = await api.post<PostResult>('/journalFuelAdvance', body);
  return response.data;
}

/** Toasts the outcome, reloads the list with its current filters and calls `onDone` (clear the selection). */
export const usePostFuelAdvances = ({ onDone }: { onDone: () => void }) =>
  usePostRecords({
    post: postFuelAdvances,
    successMessage: POSTING_MESSAGES.fuel.success,
    fallbackError: POSTING_MESSAGES.fuel.failure,
    invalidateKeys: [['fuel-advances']],
    onDone,
  });
