import type { ReactElement, ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api-client';
import { POST_CHUNK_SIZE, postFailureMessage, postInChunks, refusedForPostingPeriod } from './post-records';

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
    expect(outcome).toMatchObject({ chunks: 3, postedIds: ids(1, 1_100), notPostedIds: [], failed: [] });
    expect(outcome.posted).toHaveLength(1_100);
  });

  it('reports its progress after each answer and stops before the next request when cancelled (issue 26)', async () => {
    const progress: string[] = [];
    let cancel = false;
    const sent: number[] = [];
    const outcome = await postInChunks(
      ids(1, 1_300),
      (id) => id,
      async (chunk) => {
        sent.push(chunk[0]!);
        // Cancelled while the second request runs: it ends, the third is not sent.
        if (chunk[0] === 501) cancel = true;
        return {
          message: 'ok',
          posted: chunk.map((id) => ({ id, sapDocEntry: id + 1000, sapDocNum: id + 500 })),
          failed: [],
        };
      },
      POST_CHUNK_SIZE,
      { onProgress: (p) => progress.push(`${p.done}/${p.total}`), isCancelled: () => cancel },
    );
    expect(sent).toEqual([1, 501]);
    expect(progress).toEqual(['0/1300', '500/1300', '1000/1300']);
    expect(outcome.postedIds).toEqual(ids(1, 1_000));
    expect(outcome.skippedIds).toEqual(ids(1_001, 300));
    expect(outcome.notPostedIds).toEqual(ids(1_001, 300));
    expect(outcome.posted?.[0]).toEqual({ id: 1, sapDocEntry: 1001, sapDocNum: 501 });
  });

  it("names each row's outcome for the summary: SAP's numbers, each refusal's reason, else the request's", async () => {
    const outcome = await postInChunks(
      ids(1, 6),
      (id) => id,
      async (chunk) => {
        if (chunk[0] === 1)
          return { message: 'ok', posted: [{ id: 1, sapDocEntry: 7, sapDocNum: 8 }], failed: [] };
        if (chunk[0] === 3)
          throw new HttpError('POST answered 422', {
            status: 422,
            data: {
              message: 'TRP-4: refused.',
              posted: [{ id: 3, sapDocEntry: 9, sapDocNum: 10 }],
              failed: [{ id: 4, message: 'TRP-4: refused.' }],
            },
          });
        throw new HttpError('POST answered 500', { status: 500, data: {} });
      },
      2,
      { fallback: 'Failed to post selected sales invoices' },
    );
    expect(outcome.posted).toEqual([
      { id: 1, sapDocEntry: 7, sapDocNum: 8 },
      { id: 2, sapDocEntry: null, sapDocNum: null },
      { id: 3, sapDocEntry: 9, sapDocNum: 10 },
    ]);
    expect(outcome.failed).toEqual([
      { id: 4, message: 'TRP-4: refused.' },
      { id: 5, message: 'Failed to post selected sales invoices' },
      { id: 6, message: 'Failed to post selected sales invoices' },
    ]);
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

describe('postFailureMessage and refusedForPostingPeriod (issue 26, item 7)', () => {
  const answer = (message: string, failed: string[]) =>
    new HttpError('POST answered 422', {
      status: 422,
      data: { message, posted: [], failed: failed.map((text, id) => ({ id, message: text })) },
    });
  const rows = [
    'TRP-1 (sales invoice): Posting period locked; specify an alternative date',
    'TRP-2 (sales invoice): Posting period locked; specify an alternative date',
  ];

  it("puts the server's sentence first and each refused row on a line of its own", () => {
    const message = postFailureMessage(
      answer(`None of the 2 sales invoices could be posted. ${rows.join(' ')}`, rows),
      'fallback',
    ) as ReactElement<{ children: ReactNode[] }>;
    const [head, list] = message.props.children as [
      ReactElement<{ children: string }>,
      ReactElement<{ children: ReactElement<{ children: string }>[] }>,
    ];
    expect(head.props.children).toBe('None of the 2 sales invoices could be posted.');
    expect(list.type).toBe('ul');
    expect(list.props.children.map((item) => item.props.children)).toEqual(rows);
  });

  it('keeps a message that names no rows, and the fallback when there is none', () => {
    expect(postFailureMessage(answer('SAP refused the document.', []), 'fallback')).toBe(
      'SAP refused the document.',
    );
    expect(postFailureMessage(new Error('network'), 'fallback')).toBe('fallback');
  });

  it("tells a refusal for a posting period (SAP's words or ours) from any other", () => {
    expect(refusedForPostingPeriod(answer('x', rows))).toBe(true);
    expect(
      refusedForPostingPeriod(
        answer('x', ['TRP-1 (sales invoice): posting period 2026-10 is locked in SAP.']),
      ),
    ).toBe(true);
    expect(refusedForPostingPeriod(answer('x', ['TRP-1 (sales invoice): customer is inactive.']))).toBe(
      false,
    );
  });
});
