import type { PostResult, PostSecondJournalBody } from '@ff/contract';
import { POSTING_MESSAGES } from '@ff/contract/plain';
import { usePostRecords } from '@/components/posting/use-post-records';
import { api } from '@/lib/api-client';

export async function postSecondJournal(body: PostSecondJournalBody): Promise<PostResult> {
  const response = await api.post<PostResult>('/secondJournalTransporterInvoice', body);
  return response.data;
}

export const usePostSecondJournal = (onDone: () => void) =>
  usePostRecords({
    post: postSecondJournal,
    successMessage: POSTING_MESSAGES.secondJournal.success,
    fallbackError: POSTING_MESSAGES.secondJournal.failure,
    invalidateKeys: [['transporter-invoices', 'second-journal']],
    onDone,
  });
