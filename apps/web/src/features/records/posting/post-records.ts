import { createElement, type ReactNode } from 'react';
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { PostBodyOf, PostResult } from '@ff/contract';
import {
  MAX_PER_PAGE,
  RECORD_KIND_NAMES,
  RECORD_KINDS_PLAIN,
  type RecordKindEntry,
  type PostingPeriod,
  type RecordKindName,
} from '@ff/contract/plain';
import { HttpError, http, serverMessage } from '@/lib/api-client';
import { getList } from '@/lib/list-query';
import { formatCount } from '@/lib/format';
import { notifyError, notifySuccess, notifyWarning } from '@/lib/notify';
import { postingPeriodsQueryOptions } from './posting-periods';
import { settleChunk, type FailedEntry, type PostedEntry, type PostHooks } from './post-progress';
import { recordListKey } from './record-queries';

// "Post to SAP", from the button's rows to the toast and the reloaded lists: the request of one chunk
// (`postRecords`), the chunks in sequence (`postInChunks`), the mutation with its toasts (`usePostRecords`) and
// a kind's post with its registry messages and dependent lists (`usePostRecordKind`).

/** Rows per post request: the most one list page holds, so a post never outgrows what one page selects. */
export const POST_CHUNK_SIZE = MAX_PER_PAGE;

/** What a post of the selected rows came to, over all its requests. */
export type ChunkedPostOutcome = {
  /** How many requests it took (one per `POST_CHUNK_SIZE` rows). */
  chunks: number;
  /** Rows the server posted (or queued): they leave the list. */
  postedIds: number[];
  /** Rows it did not post: refused, failed, or in a request that got no usable answer. */
  notPostedIds: number[];
  /** The first failure, whose message the toast shows; undefined when every request succeeded. */
  firstError?: unknown;
  /** Issue 26, the summary of a long post: each posted row with SAP's numbers, each other with its reason. */
  posted?: PostedEntry[];
  failed?: FailedEntry[];
  /** Rows not sent because the post was cancelled (they are among `notPostedIds`). */
  skippedIds?: number[];
};

/** The ids a failed post answer says were posted anyway (a 422 lists `posted` beside `failed`). */
function postedIn(error: unknown): Set<number> {
  const data: unknown = error instanceof HttpError ? error.response?.data : undefined;
  const posted = data && typeof data === 'object' && 'posted' in data ? data.posted : undefined;
  const ids = new Set<number>();
  if (Array.isArray(posted)) {
    for (const entry of posted as unknown[]) {
      if (entry && typeof entry === 'object' && 'id' in entry && typeof entry.id === 'number')
        ids.add(entry.id);
    }
  }
  return ids;
}

/**
 * Posts the selected rows in requests of at most `size` rows, one after another (never two at once), and
 * goes on after a failed request: each request stands alone on the server, so one refused row does not
 * hold back the others. A request that succeeded posted all its rows; a failed one posted those its answer
 * lists as posted.
 */
export async function postInChunks<S>(
  selected: readonly S[],
  idOf: (row: S) => number,
  send: (chunk: S[]) => Promise<unknown>,
  size: number = POST_CHUNK_SIZE,
  hooks: PostHooks & { fallback?: string } = {},
): Promise<ChunkedPostOutcome> {
  const outcome: ChunkedPostOutcome = { chunks: 0, postedIds: [], notPostedIds: [] };
  const posted: PostedEntry[] = [];
  const failed: FailedEntry[] = [];
  const total = selected.length;
  hooks.onProgress?.({ done: 0, total });
  for (let start = 0; start < total; start += size) {
    if (hooks.isCancelled?.()) {
      const skipped = selected.slice(start).map(idOf);
      outcome.notPostedIds.push(...skipped);
      outcome.skippedIds = skipped;
      break;
    }
    const chunk = selected.slice(start, start + size);
    outcome.chunks += 1;
    let answer: unknown;
    let failure: unknown;
    try {
      answer = await send(chunk);
      outcome.postedIds.push(...chunk.map(idOf));
    } catch (error) {
      failure = error;
      outcome.firstError ??= error;
      const postedIds = postedIn(error);
      for (const row of chunk) {
        const id = idOf(row);
        (postedIds.has(id) ? outcome.postedIds : outcome.notPostedIds).push(id);
      }
    }
    const settled = settleChunk(chunk.map(idOf), answer, failure, hooks.fallback ?? 'Not posted.');
    posted.push(...settled.posted);
    failed.push(...settled.failed);
    hooks.onProgress?.({ done: Math.min(start + size, total), total });
  }
  // Only a long post (more than one request, or one cancelled) has a summary: a short one has its toast.
  if (outcome.chunks > 1 || outcome.skippedIds) Object.assign(outcome, { posted, failed });
  return outcome;
}

/** The rows a failed post answer names (its `failed`), each 'TRP-2026-003976 (sales invoice): <reason>'. */
export function failedRowMessages(error: unknown): string[] {
  const data: unknown = error instanceof HttpError ? error.response?.data : undefined;
  const failed = data && typeof data === 'object' && 'failed' in data ? data.failed : undefined;
  if (!Array.isArray(failed)) return [];
  return (failed as unknown[]).flatMap((entry) =>
    entry && typeof entry === 'object' && 'message' in entry && typeof entry.message === 'string'
      ? [entry.message]
      : [],
  );
}

/**
 * The red toast's text of a failed post (issue 26, item 7): the server's sentence, then each refused row on a
 * line of its own (the answer's `message` is the sentence and the rows' messages run together after it).
 * Without rows named, the server's message as it is, else `fallback`.
 */
export function postFailureMessage(error: unknown, fallback: string): ReactNode {
  const message = serverMessage(error);
  const rows = failedRowMessages(error);
  if (!rows.length) return message ?? fallback;
  const joined = rows.join(' ');
  let head = message ?? '';
  if (head.endsWith(joined)) head = head.slice(0, head.length - joined.length).trim();
  else if (rows.some((row) => head.includes(row))) return head;
  return createElement(
    'div',
    null,
    head ? createElement('div', null, head) : null,
    createElement(
      'ul',
      { style: { margin: 0, paddingInlineStart: '1.1em' } },
      rows.map((row, index) => createElement('li', { key: index }, row)),
    ),
  );
}

/** Whether SAP (or our copy of its periods) refused a row for its posting period (locked or closing). */
export const refusedForPostingPeriod = (error: unknown) =>
  failedRowMessages(error).some((row) => /posting period/i.test(row));

/**
 * SAP's posting periods read again, from SAP itself (`?refresh=1`): after SAP refused a row for a locked
 * period, the pickers must stop offering its days at once, not when the copy kept for 5 minutes runs out.
 */
export async function refreshPostingPeriods(queryClient: QueryClient): Promise<void> {
  const { queryKey } = postingPeriodsQueryOptions;
  try {
    queryClient.setQueryData(queryKey, await getList<PostingPeriod>('/posting-periods', { refresh: '1' }));
  } catch {
    await queryClient.invalidateQueries({ queryKey });
  }
}

/** A post whose requests did not all succeed: the toast shows the first failure's message. */
export class ChunkedPostError extends Error {
  constructor(readonly outcome: ChunkedPostOutcome) {
    super('Some selected rows were not posted.', { cause: outcome.firstError });
    this.name = 'ChunkedPostError';
  }
}

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
  /** A long post's progress and Cancel (issue 26, post-progress.ts). */
  hooks?: PostHooks;
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
  hooks,
}: UsePostRecordsOptions<S>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (selected: S[]) => {
      const outcome = await postInChunks(selected, idOf, post, chunkSize, {
        ...hooks,
        fallback: fallbackError,
      });
      if (outcome.firstError !== undefined) throw new ChunkedPostError(outcome);
      return outcome;
    },
    onSuccess: (outcome) => {
      const skipped = outcome.skippedIds?.length ?? 0;
      if (!skipped) return void notifySuccess({ message: successMessage });
      // Cancelled: what was sent is posted; the rest was not sent and stays selected.
      notifyWarning({
        message: `Posting stopped: ${formatCount(outcome.postedIds.length)} posted; ${formatCount(skipped)} not sent.`,
      });
    },
    onError: (error) => {
      const cause = error instanceof ChunkedPostError ? error.outcome.firstError : error;
      notifyError({ message: postFailureMessage(cause, fallbackError) });
      // The picker's periods lag behind SAP's until they are read again (issue 26, item 7).
      if (refusedForPostingPeriod(cause)) void refreshPostingPeriods(queryClient);
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

/** `POST /api/v1/{apiName}`: posts (or queues) the rows; a 422 names the rows SAP refused and why. */
export async function postRecords<K extends RecordKindName>(
  kind: K,
  body: PostBodyOf<K>,
): Promise<PostResult> {
  const response = await http.post<PostResult>(RECORD_KINDS_PLAIN[kind].apiPath, body);
  return response.data;
}

/**
 * The lists a post of `kind` changes: its own (posted rows leave it) and those of the steps that require it
 * (a posted first journal makes the row appear in the second-journal list).
 */
export const listsChangedBy = (kind: RecordKindName): RecordKindName[] =>
  RECORD_KIND_NAMES.filter(
    (name) => name === kind || (RECORD_KINDS_PLAIN[name] as RecordKindEntry).requires === kind,
  );

/**
 * Posts a kind's selected rows with its toasts (docs/spec/product-spec.md section 8), in requests of 500
 * (`toBody` turns one request's rows into its body), reloads the lists it changes, then calls `onDone`.
 */
export function usePostRecordKind<K extends RecordKindName, S extends { row: { id: number } }>(
  kind: K,
  toBody: (chunk: S[]) => PostBodyOf<K>,
  onDone: (outcome: ChunkedPostOutcome) => void,
  hooks?: PostHooks,
) {
  const { messages } = RECORD_KINDS_PLAIN[kind];
  return usePostRecords<S>({
    hooks,
    post: (chunk) => postRecords(kind, toBody(chunk)),
    idOf: (selected) => selected.row.id,
    successMessage: messages.success,
    fallbackError: messages.failure,
    invalidateKeys: listsChangedBy(kind).map(recordListKey),
    onDone,
  });
}
