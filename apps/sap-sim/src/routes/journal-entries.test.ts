import { beforeEach, describe, expect, it } from 'vitest';
import {
  control,
  expectSapError,
  journalBody,
  loggedIn,
  useFreshSim,
  type Collection,
  type JournalEntryView,
  type SlClient,
} from '../testing/harness.js';

const running = useFreshSim();
const { client } = running;
let v2: SlClient;
beforeEach(async () => {
  v2 = await loggedIn(running.v2);
});

describe('POST JournalEntries', () => {
  it('answers 201 with the entity, JdtNum, Number and a Location', async () => {
    const reply = await client.post<JournalEntryView & { 'odata.metadata': string }>(
      'JournalEntries',
      journalBody(),
    );
    expect(reply.status).toBe(201);
    expect(reply.body['odata.metadata']).toBe(`${running.v1}/$metadata#JournalEntries/@Element`);
    expect(reply.body.JdtNum).toBeTypeOf('number');
    expect(reply.body.Number).toBeTypeOf('number');
    expect(reply.body.JdtNum).not.toBe(reply.body.Number);
    expect(reply.headers.get('location')).toBe(`${running.v1}/JournalEntries(${reply.body.JdtNum})`);
    expect(reply.body).toMatchObject({
      ReferenceDate: '2026-03-10',
      DueDate: '2026-03-10',
      TaxDate: '2026-03-10',
      Memo: 'First journal FF-TI-1',
      Reference2: 'INV-7781',
      Reference3: 'FF-TJ1-1',
    });
    expect(reply.body.JournalEntryLines).toEqual([
      expect.objectContaining({
        Line_ID: 0,
        AccountCode: '500100',
        ShortName: '500100',
        Debit: 125000.5,
        Credit: 0,
      }),
      expect.objectContaining({
        Line_ID: 1,
        AccountCode: '210200',
        ShortName: '210200',
        Debit: 0,
        Credit: 125000.5,
      }),
    ]);
  });

  it('numbers entries in sequence and reads them back by key, v1 and v2 dates', async () => {
    const first = await client.post<JournalEntryView>('JournalEntries', journalBody());
    const second = await client.post<JournalEntryView>(
      'JournalEntries',
      journalBody({ Reference3: 'FF-TJ1-2' }),
    );
    expect(second.body.JdtNum).toBe(first.body.JdtNum + 1);
    expect(second.body.Number).toBe(first.body.Number + 1);

    const byKey = await client.get<JournalEntryView>(`JournalEntries(${second.body.JdtNum})`);
    expect(byKey.status).toBe(200);
    expect(byKey.body.Reference3).toBe('FF-TJ1-2');
    expect(byKey.body.ReferenceDate).toBe('2026-03-10');
    const byKeyV2 = await v2.get<JournalEntryView & { '@odata.context': string }>(
      `JournalEntries(${second.body.JdtNum})`,
    );
    expect(byKeyV2.body['@odata.context']).toBe(`${running.v2}/$metadata#JournalEntries/$entity`);
    expect(byKeyV2.body.ReferenceDate).toBe('2026-03-10T00:00:00Z');
  });

  it('posts a business-partner line to the partner control account and keeps its code in ShortName', async () => {
    const reply = await client.post<JournalEntryView>('JournalEntries', {
      ReferenceDate: '2026-03-11T00:00:00Z',
      Memo: 'Cash advance',
      Reference3: 'FF-CA-9',
      JournalEntryLines: [
        { ShortName: 'T20001', Debit: 20000 },
        { AccountCode: '110102', Credit: 20000 },
      ],
    });
    expect(reply.status).toBe(201);
    expect(reply.body.ReferenceDate).toBe('2026-03-11');
    expect(reply.body.JournalEntryLines[0]).toMatchObject({ ShortName: 'T20001', AccountCode: '210100' });
    expect(reply.body.JournalEntryLines[0]?.LineMemo).toBe('Cash advance');
  });

  it('balances in cents: 0.1 + 0.2 against 0.3 posts', async () => {
    const reply = await client.post('JournalEntries', {
      ReferenceDate: '2026-03-12',
      JournalEntryLines: [
        { AccountCode: '500100', Debit: 0.1 },
        { AccountCode: '500100', Debit: 0.2 },
        { AccountCode: '210200', Credit: 0.3 },
      ],
    });
    expect(reply.status).toBe(201);
  });

  it('finds a posted entry by its idempotency key, as the exactly-once look-up does', async () => {
    const posted = await client.post<JournalEntryView>(
      'JournalEntries',
      journalBody({ Reference3: "FF-SJ-O'Brien" }),
    );
    await client.post('JournalEntries', journalBody({ Reference3: 'FF-SJ-other' }));
    const found = await client.get<Collection<{ JdtNum: number }>>(
      `JournalEntries?$filter=Reference3 eq 'FF-SJ-O''Brien'&$select=JdtNum`,
    );
    expect(found.status).toBe(200);
    expect(found.body.value).toEqual([{ JdtNum: posted.body.JdtNum }]);
    const missing = await client.get<Collection<unknown>>(`JournalEntries?$filter=Reference3 eq 'FF-SJ-404'`);
    expect(missing.body.value).toEqual([]);
  });

  it('answers 404 / -2028 for an unknown key in both shapes', async () => {
    const notFound = { status: 404, code: -2028, message: 'No matching records found (ODBC -2028)' };
    expectSapError(await client.get('JournalEntries(999999)'), notFound, 'v1');
    expectSapError(await v2.get('JournalEntries(999999)'), notFound, 'v2');
  });
});

describe('POST JournalEntries(n)/Cancel', () => {
  it('answers 204, records a reversal with swapped sides, and refuses a second cancel', async () => {
    const posted = await client.post<JournalEntryView>('JournalEntries', journalBody());
    const cancel = await client.post(`JournalEntries(${posted.body.JdtNum})/Cancel`);
    expect(cancel.status).toBe(204);
    expect(cancel.body).toBeUndefined();

    const [original, reversal] = (await running.documents()).journalEntries;
    expect(original).toMatchObject({ JdtNum: posted.body.JdtNum, cancelled: true });
    expect(reversal).toMatchObject({
      reversalOf: posted.body.JdtNum,
      cancelled: false,
      Reference3: 'FF-TJ1-1',
    });
    expect(original?.reversedBy).toBe(reversal?.JdtNum);
    expect(reversal?.JournalEntryLines.map((l) => [l.AccountCode, l.Debit, l.Credit])).toEqual([
      ['500100', 0, 125000.5],
      ['210200', 125000.5, 0],
    ]);

    expectSapError(await client.post(`JournalEntries(${posted.body.JdtNum})/Cancel`), {
      status: 400,
      code: -10,
      message: `Journal entry ${posted.body.JdtNum} is already cancelled`,
    });
    expectSapError(
      await v2.post(`JournalEntries(${reversal?.JdtNum})/Cancel`),
      {
        status: 400,
        code: -10,
        message: `Journal entry ${reversal?.JdtNum} is a reversal and cannot be cancelled`,
      },
      'v2',
    );
  });

  it('answers 404 for an unknown entry and 404 for an unknown action', async () => {
    expectSapError(await client.post('JournalEntries(424242)/Cancel'), {
      status: 404,
      code: -2028,
      message: /-2028/,
    });
    const posted = await client.post<JournalEntryView>('JournalEntries', journalBody());
    expectSapError(await client.post(`JournalEntries(${posted.body.JdtNum})/Close`), {
      status: 404,
      code: -1000,
      message: "Resource not found for the segment 'Close'",
    });
  });

  it('needs an open period for the reversal', async () => {
    const posted = await client.post<JournalEntryView>('JournalEntries', journalBody());
    await control(running.origin, 'periods/lock', { from: '2026-03' });
    expectSapError(await client.post(`JournalEntries(${posted.body.JdtNum})/Cancel`), {
      status: 400,
      code: -4013,
      message: 'Posting period locked; specify an alternative date',
    });
  });
});

describe('posting periods', () => {
  it('refuses a locked period by ReferenceDate with -4013 until it is unlocked', async () => {
    const locked = await control<{ locked: string[] }>(running.origin, 'periods/lock', {
      from: '2026-02',
      to: '2026-03',
    });
    expect(locked.body.locked).toEqual(['2026-02', '2026-03']);
    const periodLocked = {
      status: 400,
      code: -4013,
      message: 'Posting period locked; specify an alternative date',
    };
    expectSapError(await client.post('JournalEntries', journalBody()), periodLocked, 'v1');
    expectSapError(
      await v2.post('JournalEntries', journalBody({ ReferenceDate: '2026-02-28' })),
      periodLocked,
      'v2',
    );
    expect((await client.post('JournalEntries', journalBody({ ReferenceDate: '2026-04-01' }))).status).toBe(
      201,
    );

    await control(running.origin, 'periods/unlock', { from: '2026-03' });
    expect((await client.post('JournalEntries', journalBody())).status).toBe(201);
    const periods = await control<{ locked: string[]; first: string; last: string }>(
      running.origin,
      'periods',
    );
    expect(periods.body).toEqual({ first: '2020-01', last: '2030-12', locked: ['2026-02'], closed: [] });
  });

  it('refuses a date outside the defined periods', async () => {
    expectSapError(await client.post('JournalEntries', journalBody({ ReferenceDate: '2031-01-05' })), {
      status: 400,
      code: -10,
      message: 'No posting period is defined for 2031-01-05',
    });
  });
});
