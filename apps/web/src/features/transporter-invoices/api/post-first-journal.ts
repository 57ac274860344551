import type { PostFirstJournalBody, PostResult } from '@ff/contract';
import { POSTING_MESSAGES } from '@ff/contract/plain';
import { usePostRecords } from '@/components/posting/use-post-records';
import { api } from '@/lib/api-client';

export async function postFirstJournal(body: PostFirstJournalBody): Promise<PostResult> {
  const response = await api.post<PostResult>('/firstJournalTransporterInvoice', body);
  return response.data;
}

/** Reloads both journal lists: a posted first journal makes the row appear in the second-journal list. */
export const usePostFirstJournal = (onDone: () => void) =>
  usePostRecords({
    post: postFirstJournal,
    successMessage: POSTING_MESSAGES.firstJournal.success,
    fallbackError: POSTING_MESSAGES.firstJournal.failure,
    invalidateKeys: [['transporter-invoices']],
    onDone,
  });
