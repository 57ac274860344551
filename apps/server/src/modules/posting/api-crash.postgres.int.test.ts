import { describe, expect, it } from 'vitest';
import { HttpClient } from '../../test/http-client.js';
import {
  atLeast,
  chunks,
  everyRow,
  PATH,
  pollUntil,
  postBodies,
  sleep,
  waitForRechecks,
} from '../../test/mixed-posting.js';
import { listedFailedButInSap } from '../../test/ledger-documents.js';
import {
  documentsByKey,
  keyOf,
  makeRecords,
  resetFaults,
  simConfig,
  storedRows,
} from '../../test/posting-harness.js';
import { SCALE_OUT_SETTINGS, useProcessFleet } from '../../test/process-fleet.js';
import { staleAfterMs } from './posting-steps.js';

/**
 * The exactly-once protocol (docs/design/architecture.md section 6) when the API process dies mid-post and later
 * posts lose every reply while SAP fails: once the sweeper has run, nothing listed failed is in SAP (issue 9,
 * finding 6). Separate processes on PostgreSQL only (see faults-and-scale-out.pg.int.test.ts).
 */
describe('an API killed with SIGKILL mid-post, then posts whose replies are all lost while SAP is unreliable', () => {
  const fleet = useProcessFleet(SCALE_OUT_SETTINGS, { queue: true });

  it('once the sweeper has run, no row is left posting and no row listed failed is held by SAP', async () => {
    const startedAt = Date.now();
    const body = await postBodies(fleet.h);
    const crashed = await makeRecords(fleet.h, 'cash', 300);
    let api = await fleet.startApi();
    let client = await new HttpClient(api.url).signIn();
    // 1. Three 100-row posts at 20-80 ms per SAP call; the API is killed once a sixth of the rows are posted.
    await simConfig(fleet.h.sim, { latencyMs: [20, 80] });
    const inFlightPosts = chunks(crashed, 100).map((batch) =>
      client.post(PATH.CA, body('CA', batch)).catch(() => null),
    );
    await pollUntil(
      () => atLeast(fleet.h, 'cash', crashed, 'posted', 50),
      'a sixth of the rows to be posted',
      60_000,
      100,
    );
    expect((await api.kill('SIGKILL')).signal).toBe('SIGKILL');
    expect(await Promise.all(inFlightPosts)).toEqual([null, null, null]);
    const stranded = (await storedRows(fleet.h, 'cash', crashed)).filter(
      (r) => r.status === 'posting',
    ).length;
    expect(stranded).toBeGreaterThan(0);

    // 2. Restarted (same database; the session still holds). 100 more rows posted while SAP loses every reply
    // (the POSTs commit) and fails half of all calls, so many look-ups after a lost reply fail too.
    api = await fleet.startApi();
    client = client.on(api.url);
    const unconfirmed = await makeRecords(fleet.h, 'cash', 100);
    await simConfig(fleet.h.sim, { dropReplyRate: 1, errorRate: 0.5 });
    const answers = await Promise.all(
      chunks(unconfirmed, 20).map((batch) => client.post(PATH.CA, body('CA', batch))),
    );
    expect(answers.map((a) => a.status).filter((status) => status >= 500)).toEqual([]);
    // 3. Then SAP fails every call for longer than a recheck window used to last (staleAfterMs + 4 x staleAfterMs
    // = 25 s here): the rows that failed unconfirmed must still be looked up once SAP is back.
    await simConfig(fleet.h.sim, { dropReplyRate: 0, errorRate: 1 });
    await sleep(5 * staleAfterMs(Number(SCALE_OUT_SETTINGS.SAP_TIMEOUT_MS)) + 2_000);
    await resetFaults(fleet.h.sim);

    const all = [...crashed, ...unconfirmed];
    await pollUntil(
      () => everyRow(fleet.h, 'cash', all, (status) => status !== 'posting'),
      'no row left posting',
      120_000,
      500,
    );
    await waitForRechecks(fleet.h, Number(SCALE_OUT_SETTINGS.SAP_TIMEOUT_MS));
    const rows = await storedRows(fleet.h, 'cash', all);
    const answered = answers.flatMap((a) =>
      (a.body.failed as { message: string }[]).map((f) => f.message.replace(/^#\d+: /, '').slice(0, 80)),
    );
    const reasons: Record<string, number> = {};
    for (const reason of answered) reasons[reason] = (reasons[reason] ?? 0) + 1;
    const settled = (ids: number[]) => {
      const mine = rows.filter((r) => ids.includes(r.id as number));
      return {
        posted: mine.filter((r) => r.status === 'posted').length,
        failed: mine.filter((r) => r.status === 'failed').length,
      };
    };
    console.log(
      `api crash: ${JSON.stringify({ stranded, crashed: settled(crashed), unconfirmed: settled(unconfirmed), answeredFailed: reasons, seconds: Math.round((Date.now() - startedAt) / 1000) })}`,
    );
    // The assertion of finding 6: nothing listed failed is in SAP (it was never in a window it could fall out of).
    expect(await listedFailedButInSap(client, fleet.h.sim, 'CA', all)).toEqual([]);
    // And exactly once: every posted row's key is in SAP once, with its DocEntry; no failed row's key at all, nor
    // that of a row the killed API had not claimed yet (a request claims its rows in parts: posting-claims.ts).
    const byKey = await documentsByKey(fleet.h.sim);
    const wrong = rows.flatMap((r) => {
      const docs = byKey.get(keyOf('CA', r.id as number)) ?? [];
      if (r.status === 'posted')
        return docs.length === 1 && docs[0]!.JdtNum === r.sapDocEntry
          ? []
          : [`${r.id}: posted, ${docs.length} in SAP`];
      return (r.status === 'failed' || r.status === 'unposted') && docs.length === 0
        ? []
        : [`${r.id}: ${String(r.status)}, ${docs.length} in SAP`];
    });
    expect(wrong).toEqual([]);
    expect((await api.kill('SIGTERM')).code).toBe(0);
  }, 300_000);
});
