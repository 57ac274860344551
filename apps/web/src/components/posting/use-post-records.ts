import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

export type UsePostRecordsOptions<B> = {
  /** Sends the post body, e.g. `(body) => api.post('/journalSaleInvoice', body)`. */
  post: (body: B) => Promise<unknown>;
  /** The blue 'Success' toast's text (POSTING_MESSAGES.<kind>.success). */
  successMessage: string;
  /** The red 'Error' toast's text when the failure carries no server message (POSTING_MESSAGES.<kind>.failure). */
  fallbackError: string;
  /** Query keys (prefixes) of the list to reload, e.g. `[['sales-invoices']]`. */
  invalidateKeys: QueryKey[];
  /** Called after every post, success or failure: clear the selection here. */
  onDone: () => void;
};

/**
 * The post action of a posting screen (docs/spec/product-spec.md sections 4 and 8): a blue 'Success' toast, or a red 'Error'
 * toast with the server's message (which names each failed row and SAP's reason) else the fallback. Either
 * way the list reloads with its current filters, so posted rows disappear and failed ones come back marked,
 * and the selection clears.
 */
export function usePostRecords<B>({
  post,
  successMessage,
  fallbackError,
  invalidateKeys,
  onDone,
}: UsePostRecordsOptions<B>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: post,
    onSuccess: () => {
      notifySuccess({ message: successMessage });
    },
    onError: (error) => {
      notifyError({ message: serverMessage(error) ?? fallbackError });
    },
    onSettled: async () => {
      onDone();
      await Promise.all(invalidateKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
