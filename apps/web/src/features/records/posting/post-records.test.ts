import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api-client';
import { POST_CHUNK_SIZE, postInChunks } from './post-records';

const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const refused = (posted: number[], message: string) =>
  new HttpError('POST answered 422', {
    status: 422,
    data: { message, posted: posted.map((id) => ({ id, sapDocEntry: id, sapDocNum: id })), failed: [] },
  });

describe('postInChunks', () => {
  it('sends 500 rows per request, one request after the other', async () => {
    const sent: number[][] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const outcome = await postInChunks(
      ids(1, 1_100),
      (id) => id,
      async (chunk) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        sent.push(chunk);
        inFlight -= 1;
      },
    );
    expect(POST_CHUNK_SIZE).toBe(500);
    expect(sent.map((chunk) => chunk.length)).toEqual([500, 500, 100]);
    expect(sent[1]?.[0]).toBe(501);
    expect(mostInFlight).toBe(1);
    expect(outcome).toEqual({ chunks: 3, postedIds: ids(1, 1_100), notPostedIds: [] });
  });

  it('goes on after a failed request and tells which rows did not post and the first failure', async () => {
    const first = refused([501, 502], '#503: SAP refused the customer.');
    const outcome = await postInChunks(
      ids(1, 1_200),
      (id) => id,
      async (chunk) => {
        if (chunk[0] === 501) throw first;
        if (chunk[0] === 1_001) throw new HttpError('POST answered 500', { status: 500, data: {} });
      },
    );
    expect(outcome.chunks).toBe(3);
    expect(outcome.firstError).toBe(first);
    expect(outcome.postedIds).toEqual([...ids(1, 502)]);
    expect(outcome.notPostedIds).toEqual([...ids(503, 498), ...ids(1_001, 200)]);
  });

  it('takes one request for up to 500 rows', async () => {
    const sent: number[][] = [];
    const outcome = await postInChunks(
      ids(1, 500),
      (id) => id,
      async (chunk) => void sent.push(chunk),
    );
    expect(sent).toHaveLength(1);
    expect(outcome.chunks).toBe(1);
  });
});
