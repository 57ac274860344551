import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerId,
  startPostingHarness,
  storedRows,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { failedUnconfirmedCashAdvance } from '../../test/sweeper-rows.js';

/**
 * What the sweeper tells a row's poster once it has settled the row: a notification that opens the posting
 * itself (issue 26), the Posting History's drawer, named as the history lists it. The real app and database,
 * the real simulator over HTTP.
 */
let h: PostingHarness;
let pettyCash: number;

beforeAll(async () => {
  h = await startPostingHarness({ env: { SAP_TIMEOUT_MS: '30000' } });
  pettyCash = await ledgerId(h, '110101');
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe("the sweeper's notification", () => {
  it("opens the posting it settled: its generation's first attempt, in the history drawer", async () => {
    const admin = await h.signInAsAdmin();
    const me = (await admin.get('/user')).body as { id: number };
    const found = await failedUnconfirmedCashAdvance(h, pettyCash, 60 * 60_000, {
      inSap: true,
      userId: me.id,
    });
    await h.app.services.sweeper.sweep();
    const [row] = await storedRows(h, 'cash', [found.id]);
    const title = `${String(row!.tripNumber)} (cash advance record) was found in SAP and is posted`;
    const notices = (await admin.get('/api/v1/notifications')).body.data as { title: string; link: string }[];
    expect(notices.find((n) => n.title === title)).toMatchObject({
      link: `/postings?posting=${found.attemptId}`,
    });
    const posting = await admin.get(`/api/v1/postings/${found.attemptId}`);
    expect(posting.body.data).toMatchObject({
      recordId: found.id,
      status: 'posted',
      sapDocEntry: found.docEntry,
    });
  }, 60_000);
});
