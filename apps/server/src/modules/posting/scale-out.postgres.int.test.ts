import { describe, expect, it } from 'vitest';
import { logLines } from '../../test/api-process.js';
import { HttpClient } from '../../test/http-client.js';
import { everyRow, PATH, pollUntil, postBodies } from '../../test/mixed-posting.js';
import {
  documentsByKey,
  keyOf,
  makeRecords,
  resetFaults,
  simConfig,
  storedRows,
} from '../../test/posting-harness.js';
import { SCALE_OUT_SETTINGS, useProcessFleet } from '../../test/process-fleet.js';
import { ADMIN_EMAIL } from '../../test/test-server.js';

/**
 * The server scaled out as production runs it (docs/architecture.md, "Processes"): two API processes and two worker
 * processes on one PostgreSQL; a session signed in on one API is valid on the other (cookie and XSRF token), and
 * VAS rows posted through both are each posted once. PostgreSQL only (a separate process cannot share PGlite).
 */
describe('two API processes and two workers on one PostgreSQL', () => {
  const fleet = useProcessFleet(SCALE_OUT_SETTINGS, { queue: true });

  it('share sessions (cookie and XSRF token work on either API) and post each VAS row exactly once', async () => {
    await resetFaults(fleet.h.sim);
    const [apiA, apiB] = [await fleet.startApi(), await fleet.startApi()];
    const [w1, w2] = [await fleet.startWorker(), await fleet.startWorker()];
    expect(apiA.url).not.toBe(apiB.url);

    // Signed in on A; the same cookies on B.
    const onA = await new HttpClient(apiA.url).signIn();
    const onB = onA.on(apiB.url);
    const me = await onB.get('/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: ADMIN_EMAIL });
    expect((await new HttpClient(apiB.url).get('/user')).status).toBe(401);
    // An unsafe call on B needs A's XSRF token: without it 419, with it accepted.
    const vas = await makeRecords(fleet.h, 'vas', 60);
    const body = await postBodies(fleet.h);
    expect((await onB.post(PATH.VAS, body('VAS', vas.slice(0, 1)), { xsrf: false })).status).toBe(419);
    // And the other way round: a session made on B works on A.
    const onBFirst = await new HttpClient(apiB.url).signIn();
    expect((await onBFirst.on(apiA.url).get('/user')).status).toBe(200);

    // Every SAP call takes 50-150 ms, so both workers get jobs.
    await simConfig(fleet.h.sim, { latencyMs: [50, 150] });
    const answers = await Promise.all([
      onB.post(PATH.VAS, body('VAS', vas.slice(0, 20))),
      onBFirst.on(apiA.url).post(PATH.VAS, body('VAS', vas.slice(20, 40))),
      onA.post(PATH.VAS, body('VAS', vas.slice(40, 60))),
    ]);
    expect(answers.map((a) => [a.status, a.body.queued?.length])).toEqual([
      [200, 20],
      [200, 20],
      [200, 20],
    ]);
    await pollUntil(
      () => everyRow(fleet.h, 'vas', vas, (status) => status === 'posted' || status === 'failed'),
      'both workers to post every VAS row',
      90_000,
    );
    await resetFaults(fleet.h.sim);

    const rows = await storedRows(fleet.h, 'vas', vas);
    expect(rows.map((r) => r.status)).toEqual(vas.map(() => 'posted'));
    const byKey = await documentsByKey(fleet.h.sim);
    expect(vas.map((id) => byKey.get(keyOf('VAS', id))?.length ?? 0)).toEqual(vas.map(() => 1));
    expect(rows.map((r) => r.sapDocEntry)).toEqual(vas.map((id) => byKey.get(keyOf('VAS', id))![0]!.JdtNum));
    // Each row by exactly one of the two workers, and both took part.
    const postedBy = [w1, w2].map((w) =>
      logLines(w.output)
        .filter((l) => l.msg === 'VAS transaction posted' && vas.includes(l.recordId as number))
        .map((l) => l.recordId as number),
    );
    console.log(`scale-out: worker 1 posted ${postedBy[0]!.length}, worker 2 posted ${postedBy[1]!.length}`);
    expect(postedBy[0]!.length).toBeGreaterThan(0);
    expect(postedBy[1]!.length).toBeGreaterThan(0);
    expect([...postedBy[0]!, ...postedBy[1]!].sort((a, b) => a - b)).toEqual([...vas].sort((a, b) => a - b));

    for (const p of [w1, w2, apiA, apiB]) expect((await p.kill('SIGTERM')).code).toBe(0);
  }, 240_000);
});
