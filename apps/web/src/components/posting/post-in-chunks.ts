import { MAX_PER_PAGE } from '@ff/contract/plain';
import { HttpError } from '@/lib/api-client';

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
): Promise<ChunkedPostOutcome> {
  const outcome: ChunkedPostOutcome = { chunks: 0, postedIds: [], notPostedIds: [] };
  for (let start = 0; start < selected.length; start += size) {
    const chunk = selected.slice(start, start + size);
    outcome.chunks += 1;
    try {
      await send(chunk);
      outcome.postedIds.push(...chunk.map(idOf));
    } catch (error) {
      outcome.firstError ??= error;
      const posted = postedIn(error);
      for (const row of chunk) {
        const id = idOf(row);
        (posted.has(id) ? outcome.postedIds : outcome.notPostedIds).push(id);
      }
    }
  }
  return outcome;
}

/** A post whose requests did not all succeed: the toast shows the first failure's message. */
export class ChunkedPostError extends Error {
  constructor(readonly outcome: ChunkedPostOutcome) {
    super('Some selected rows were not posted.', { cause: outcome.firstError });
    this.name = 'ChunkedPostError';
  }
}
