import { HttpError, serverMessage } from '@/lib/api-client';

/**
 * What a long post reports as it goes (issue 26): how many of its rows have had their answer, what SAP posted
 * (with its document numbers) and what it refused (with the reason), read from each request's answer. Cancel
 * stops before the next request; a request already sent runs to its end (the server posts each row once).
 */

export type PostedEntry = { id: number; sapDocEntry: number | null; sapDocNum: number | null };
export type FailedEntry = { id: number; message: string };
export type PostProgress = { done: number; total: number };
export type PostHooks = {
  /** After each request's answer (and once before the first): rows answered of all. */
  onProgress?: (progress: PostProgress) => void;
  /** Asked before each request: true stops the post there. */
  isCancelled?: () => boolean;
};

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
const integerOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** The `posted` and `failed` entries of a post answer (200, or a 422's body); none when it has none. */
export function answerEntries(answer: unknown): { posted: PostedEntry[]; failed: FailedEntry[] } {
  const body = record(answer);
  const list = (key: string) => (Array.isArray(body?.[key]) ? (body[key] as unknown[]) : []);
  const posted = list('posted').flatMap((entry) => {
    const e = record(entry);
    return e && typeof e.id === 'number'
      ? [{ id: e.id, sapDocEntry: integerOrNull(e.sapDocEntry), sapDocNum: integerOrNull(e.sapDocNum) }]
      : [];
  });
  const failed = list('failed').flatMap((entry) => {
    const e = record(entry);
    return e && typeof e.id === 'number' && typeof e.message === 'string'
      ? [{ id: e.id, message: e.message }]
      : [];
  });
  return { posted, failed };
}

/** The body of a failed request's answer, if it had one. */
export const errorAnswer = (error: unknown): unknown =>
  error instanceof HttpError ? error.response?.data : undefined;

/**
 * One request's rows as the summary lists them: each posted row with SAP's numbers when the answer gave them,
 * each other row with its own reason, else the request's message.
 */
export function settleChunk(
  ids: readonly number[],
  answer: unknown,
  error: unknown,
  fallback: string,
): { posted: PostedEntry[]; failed: FailedEntry[] } {
  const entries = answerEntries(error === undefined ? answer : errorAnswer(error));
  const postedById = new Map(entries.posted.map((e) => [e.id, e]));
  const failedById = new Map(entries.failed.map((e) => [e.id, e]));
  const requestMessage = error === undefined ? fallback : (serverMessage(error) ?? fallback);
  const posted: PostedEntry[] = [];
  const failed: FailedEntry[] = [];
  for (const id of ids) {
    const done = postedById.get(id);
    if (error === undefined || done) posted.push(done ?? { id, sapDocEntry: null, sapDocNum: null });
    else failed.push(failedById.get(id) ?? { id, message: requestMessage });
  }
  return { posted, failed };
}
