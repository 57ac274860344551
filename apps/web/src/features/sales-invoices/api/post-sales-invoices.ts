import type { PostResult, PostSalesInvoicesBody } from '@ff/contract';
import { POSTING_MESSAGES } from '@ff/contract/plain';
import { usePostRecords } from '@/components/posting/use-post-records';
import { api } from '@/lib/api-client';

export async function postSalesInvoices(body: PostSalesInvoicesBody): Promise<PostResult> {
  const response = await api.post<PostResult>('/journalSaleInvoice', body);
  return response.data;
}

/** Posts, toasts, reloads every sales invoice list and calls `onDone` (clear the selection). */
export const usePostSalesInvoices = (onDone: () => void) =>
  usePostRecords({
    post: postSalesInvoices,
    successMessage: POSTING_MESSAGES.sales.success,
    fallbackError: POSTING_MESSAGES.sales.failure,
    invalidateKeys: [['sales-invoices']],
    onDone,
  });
