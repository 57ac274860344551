import { describe, expect, it } from 'vitest';
import { cashEntry, cashRows, useExactlyOnce } from '../../test/exactly-once.js';
import { allowConnections, dbNameOf, terminateAll } from '../../test/database-faults.js';
import { sleep } from '../../test/mixed-posting.js';
import { keyOf, simConfig, storedRow } from '../../test/posting-harness.js';
import { PATHS } from '../../test/records-suite.js';
import { expectJournalReversedOnce, postingIdOf, reverse } from './testing/reversal-harness.js';

/**
 * The database goes away while SAP cancels a document (issue 21, item 13): during connection terminations a
 * reversal answered 503 "Try again in a moment" although SAP had cancelled the document. The answer says what SAP
 * did and that it is being recorded; the reversal sweeper records it. PostgreSQL only: PGlite has no connections
 * to cut.
 */
const p = useExactlyOnce();

describe('a reversal whose outcome cannot be written', () => {
  it('says SAP cancelled it and that it is being recorded (not "try again"), and the sweeper records it once', async () => {
    const [row] = await cashRows(p, 1);
    expect((await p.admin.post(PATHS.cash, { postSap: [cashEntry(p, row!.id)] })).status).toBe(200);
    const trip = String((await storedRow(p.h, 'cash', row!.id)).tripNumber);
    const postingId = await postingIdOf(p, 'CA', row!.id);
    const name = dbNameOf(p.h.database);

    // SAP takes 2 s; the database goes away once the reversal is claimed and the Cancel is on its way.
    await simConfig(p.h.sim, { latencyMs: 2_000 });
    const answer = reverse(p.admin, postingId);
    await sleep(800);
    try {
      await allowConnections(name, false);
      await terminateAll(name);
      const response = await answer;
      expect(response.status).toBe(503);
      expect(response.body.message).toBe(
        `SAP cancelled ${trip} (cash advance record), but the database could not be reached to record it. It is recorded within a minute and Posting History then shows it reversed: do not reverse it again.`,
      );
    } finally {
      await allowConnections(name, true);
    }
    await simConfig(p.h.sim, { latencyMs: 0 });

    // The reversal sweeper finds the cancellation in SAP and records it; SAP cancelled the document once.
    const swept = await p.h.app.services.afterPosting.reversal.sweepOnce(new Date(Date.now() + 120_000));
    expect(swept.unknown).toEqual([]);
    expect(await storedRow(p.h, 'cash', row!.id)).toMatchObject({ status: 'unposted', generation: 2 });
    await expectJournalReversedOnce(p, keyOf('CA', row!.id));
  }, 60_000);
});
