import { Readable } from 'node:stream';

/**
 * Rows per chunk of a streamed full list: one query each, so a 100,000-row list is 50 short queries; small
 * enough that a chunk's text (about 0.6 MB) is all the answer holds in memory at a time.
 */
export const LIST_CHUNK_ROWS = 2_000;

/** One chunk of a list: its rows, and the order keys of its last row (undefined when it has none). */
export type ListChunk<R> = { rows: R[]; lastKeys: readonly unknown[] | undefined };

/** The rows of a chunk as JSON array elements, without the brackets: `{...},{...}`. */
const elements = (rows: readonly unknown[]) => JSON.stringify(rows).slice(1, -1);

/**
 * A full list as the exact bytes of `JSON.stringify({ data: rows })`, reading it chunk by chunk with
 * `next(after)` (keyset: the chunk after the row whose order keys are `after`). A list that fits in its first
 * chunk is answered as one string. A longer one is a stream that reads the next chunk only when the client
 * has taken the one before (the stream's backpressure pulls the generator), and reads no further once the
 * client has gone (destroying the stream ends the generator at its next step). No transaction or connection
 * is held between chunks, so it reads the same way on PGlite's one connection and on a pool.
 */
export async function streamedList<R>(
  next: (after: readonly unknown[] | undefined) => Promise<ListChunk<R>>,
  chunkRows: number,
): Promise<string | Readable> {
  const first = await next(undefined);
  if (first.rows.length < chunkRows) return `{"data":[${elements(first.rows)}]}`;

  async function* body(): AsyncGenerator<string> {
    yield `{"data":[${elements(first.rows)}`;
    let after = first.lastKeys;
    while (after) {
      const chunk = await next(after);
      if (chunk.rows.length > 0) yield `,${elements(chunk.rows)}`;
      after = chunk.rows.length < chunkRows ? undefined : chunk.lastKeys;
    }
    yield ']}';
  }
  // A high-water mark of one byte: a chunk is read only once the one before has been taken (at most one ahead).
  return Readable.from(body(), { objectMode: false, highWaterMark: 1 });
}

/**
 * The 422 of an unpaged list longer than LIST_ROW_CAP (issue 24): what holds too many rows, and how to ask for
 * fewer. `subject` starts the sentence ("The audit log"), `rows` names them ("entries for this filter").
 */
export const overCapMessage = (subject: string, cap: number, rows: string) =>
  `${subject} holds more than ${cap.toLocaleString('en-US')} ${rows}: choose a shorter date range or ask for pages (page and perPage).`;
