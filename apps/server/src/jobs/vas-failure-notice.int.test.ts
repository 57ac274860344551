import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@ff/contract';
import { createUser, signedIn, waitFor } from '../test/fixtures.js';
import { storedRow } from '../test/posting-harness.js';
import { useVasQueue, vasEntry, vasRows, VAS_PATH, waitSettled } from '../test/vas-queue.js';

/**
 * A queued VAS post that SAP refuses tells the user who queued it, in the bell (issue 11): the trip number and
 * kind, SAP's words, a link to the failed VAS posts of the posting history. The queue and its worker run in
 * this process, wired as embedded mode wires them (services.ts).
 */
const q = useVasQueue();
type Listed = { type: string; title: string; body: string; link: string | null };

describe('a queued VAS post SAP refuses', () => {
  it('notifies its poster once, with the trip number and SAP words; a posted row notifies no one', async () => {
    const poster = await createUser(q.h.server, {
      permissions: [PERMISSIONS.viewVasTransactions, PERMISSIONS.postVasTransactions],
    });
    const [good] = await vasRows(q, 1);
    // SAP does not know this supplier: it refuses the journal entry once the worker sends it.
    const [refused] = await vasRows(q, 1, () => ({ supplierCode: 'S99999' }));
    const client = await signedIn(q.h.server, poster);
    const admin = await q.h.signInAsAdmin();
    const adminBefore = (await admin.get('/api/v1/notifications')).body.meta.unread as number;

    const response = await client.post(VAS_PATH, {
      postSap: [vasEntry(q, good!), vasEntry(q, refused!)],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    await waitSettled(q, [good!, refused!]);
    expect(await storedRow(q.h, 'vas', refused!.id)).toMatchObject({ status: 'failed' });

    const trip = (await storedRow(q.h, 'vas', refused!.id)).tripNumber as string;
    expect(trip).toMatch(/^TRP-/);
    // Written just after the row settles (after its audit entry).
    const listed = await waitFor(async () => {
      const answer = await client.get('/api/v1/notifications');
      return answer.body.data.length > 0 && answer;
    }, "the poster's notification");
    expect(listed.body.data as Listed[]).toEqual([
      expect.objectContaining({
        type: 'posting_failed',
        title: `${trip} (VAS transaction) could not be posted`,
        body: 'No matching records found (ODBC -2028)',
        link: expect.stringMatching(/^\/postings\?posting=\d+$/),
        readAt: null,
      }),
    ]);
    // It opens the posting itself (issue 26): the history's drawer of this record's failed post.
    const postingId = Number(/posting=(\d+)/.exec((listed.body.data as Listed[])[0]!.link!)![1]);
    const posting = await client.get(`/api/v1/postings/${postingId}`);
    expect(posting.status, JSON.stringify(posting.body)).toBe(200);
    expect(posting.body.data).toMatchObject({ recordId: refused!.id, status: 'failed', tripNumber: trip });
    expect(listed.body.meta).toEqual({ unread: 1 });
    // Only the poster hears of it.
    expect((await admin.get('/api/v1/notifications')).body.meta.unread).toBe(adminBefore);
  }, 60_000);
});
