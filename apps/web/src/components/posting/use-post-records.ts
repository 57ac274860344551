import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { ChunkedPostError, postInChunks, type ChunkedPostOutcome } from './post-in-chunks';

export type UsePostRecordsOptions<S> = {
  /** Sends one request's rows, e.g. `(chunk) => postRecords(kind, kind.toBody(chunk, context))`. */
  post: (chunk: S[]) => Promise<unknown>;
  /** A selected row's record id. */
  idOf: (row: S) => number;
  /** The blue 'Success' toast's text (POSTING_MESSAGES.<kind>.success). */
  successMessage: string;
  /** The red 'Error' toast's text when the failure carries no server message (POSTING_MESSAGES.<kind>.failure). */
  fallbackError: string;
  /** Query keys (prefixes) of the list to reload, e.g. `[['records', 'salesInvoice']]`. */
  invalidateKeys: QueryKey[];
  /** Called after every post, success or failure, before the lists reload: clear the selection here. */
  onDone: (outcome: ChunkedPostOutcome) => void;
  /** Rows per request (tests); default `POST_CHUNK_SIZE`. */
  chunkSize?: number;
};

/**
 * The post action of a posting screen (docs/spec/product-spec.md sections 4 and 8): the selected rows in
 * requests of 500, one at a time, then one toast for them all: the blue 'Success' toast when every request
 * succeeded, else a red 'Error' toast with the first failure's server message (which names each failed row
 * and SAP's reason) or the fallback. Either way the lists reload with their current filters, so posted rows
 * disappear and failed ones come back marked. `isPending` stays true until the lists have reloaded, so the
 * button cannot post the same rows twice.
 */
export function usePostRecords<S>({
  post,
  idOf,
  successMessage,
  fallbackError,
  invalidateKeys,
  onDone,
  chunkSize,
}: UsePostRecordsOptions<S>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (selected: S[]) => {
      const outcome = await postInChunks(selected, idOf, post, chunkSize);
      if (outcome.firstError !== undefined) throw new ChunkedPostError(outcome);
      return outcome;
    },
    onSuccess: () => {
      notifySuccess({ message: successMessage });
    },
    onError: (error) => {
      const cause = error instanceof ChunkedPostError ? error.outcome.firstError : error;
      notifyError({ message: serverMessage(cause) ?? fallbackError });
    },
    onSettled: async (outcome, error) => {
      const settled =
        outcome ??
        (error instanceof ChunkedPostError
          ? error.outcome
          : { chunks: 1, postedIds: [], notPostedIds: [], firstError: error });
      onDone(settled);
      await Promise.all(invalidateKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
