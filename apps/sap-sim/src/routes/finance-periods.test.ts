import { describe, expect, it } from 'vitest';
import {
  control,
  expectSapError,
  invoiceBody,
  journalBody,
  loggedIn,
  SlClient,
  useFreshSim,
  type Collection,
  type DocumentView,
} from '../testing/harness.js';

const running = useFreshSim();
const { client } = running;

interface FinancePeriod {
  AbsoluteEntry: number;
  PeriodCode: string;
  PeriodName: string;
  PostingDateFrom: string;
  PostingDateTo: string;
  ValueDateFrom: string;
  ValueDateTo: string;
  TaxDateFrom: string;
  TaxDateTo: string;
  Locked: 'tYES' | 'tNO';
  PeriodStatus: 'ltUnlocked' | 'ltLocked' | 'ltPeriodClosing';
}
type Periods = Collection<FinancePeriod> & Record<string, unknown>;

const FUNCTION = 'CompanyService_GetFinancePeriods';
const byCode = (reply: { body: Periods }, code: string) =>
  reply.body.value.find((p) => p.PeriodCode === code);
const periodLocked = {
  status: 400,
  code: -4013,
  message: 'Posting period locked; specify an alternative date',
};

describe('POST CompanyService_GetFinancePeriods', () => {
  it('answers every monthly period, in order, in the v1 collection envelope', async () => {
    const reply = await client.post<Periods>(FUNCTION);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/odata=minimalmetadata/);
    expect(reply.body['odata.metadata']).toBe(`${running.v1}/$metadata#Collection(SAPB1.FinancePeriod)`);
    expect(reply.body.value).toHaveLength(132);
    expect(reply.body.value.map((p) => p.AbsoluteEntry)).toEqual(
      Array.from({ length: 132 }, (_, i) => i + 1),
    );
    expect(reply.body.value[0]?.PeriodCode).toBe('2020-01');
    expect(reply.body.value.at(-1)?.PeriodCode).toBe('2030-12');
    expect(byCode(reply, '2024-02')).toEqual({
      AbsoluteEntry: 50,
      PeriodCode: '2024-02',
      PeriodName: '2024-02',
      PostingDateFrom: '2024-02-01',
      PostingDateTo: '2024-02-29',
      ValueDateFrom: '2024-02-01',
      ValueDateTo: '2024-02-29',
      TaxDateFrom: '2024-02-01',
      TaxDateTo: '2024-02-29',
      Locked: 'tNO',
      PeriodStatus: 'ltUnlocked',
    });
  });

  it('answers v2 with @odata.context and ISO date-times, and accepts PeriodCategoryParams', async () => {
    const v2 = await loggedIn(running.v2);
    const reply = await v2.post<Periods>(FUNCTION, { PeriodCategoryParams: { AbsoluteEntry: 1 } });
    expect(reply.status).toBe(200);
    expect(reply.body['@odata.context']).toBe(`${running.v2}/$metadata#Collection(SAPB1.FinancePeriod)`);
    expect(byCode(reply, '2026-10')).toMatchObject({
      PostingDateFrom: '2026-10-01T00:00:00Z',
      PostingDateTo: '2026-10-31T00:00:00Z',
      TaxDateTo: '2026-10-31T00:00:00Z',
    });
  });

  it('shows locked periods as Locked tYES / ltLocked and closing ones as Locked tNO / ltPeriodClosing', async () => {
    await control(running.origin, 'periods/lock', { from: '2026-09', to: '2026-10' });
    await control(running.origin, 'periods/close', { from: '2026-08' });
    const reply = await client.post<Periods>(FUNCTION, {});
    const status = (code: string) => {
      const period = byCode(reply, code);
      return [period?.Locked, period?.PeriodStatus];
    };
    expect(status('2026-07')).toEqual(['tNO', 'ltUnlocked']);
    expect(status('2026-08')).toEqual(['tNO', 'ltPeriodClosing']);
    expect(status('2026-09')).toEqual(['tYES', 'ltLocked']);
    expect(status('2026-10')).toEqual(['tYES', 'ltLocked']);
    expect(reply.body.value.filter((p) => p.PeriodStatus !== 'ltUnlocked')).toHaveLength(3);
  });

  it('needs a session, like every call but Login', async () => {
    expectSapError(await new SlClient(running.v1).post(FUNCTION), {
      status: 401,
      code: 301,
      message: 'Invalid session or session already timeout.',
    });
  });

  it('refuses GET, unknown parameters, a malformed body and query options; counts the calls', async () => {
    expectSapError(await client.get(FUNCTION), {
      status: 405,
      code: -1000,
      message: `Method GET is not allowed on '${FUNCTION}'`,
    });
    expectSapError(await client.post(FUNCTION, { PeriodCategory: {} }), {
      status: 400,
      code: -1000,
      message: `Property 'PeriodCategory' of '${FUNCTION}' is invalid`,
    });
    expectSapError(await client.post(FUNCTION, '{nope'), {
      status: 400,
      code: -1000,
      message: 'The request body must be a JSON object',
    });
    expectSapError(await client.post(`${FUNCTION}?$top=1`), {
      status: 400,
      code: -1000,
      message: `Invalid query option $top: query options are not supported on ${FUNCTION}`,
    });
    const stats = await running.stats();
    expect(stats.requests[FUNCTION]).toBe(4);
  });
});

describe('closed periods ("period closing")', () => {
  it('refuse posting with the same -4013 as a locked period, until reopened by unlock', async () => {
    const closed = await control(running.origin, 'periods/close', { from: '2026-03' });
    expect(closed.body).toEqual({ locked: [], closed: ['2026-03'] });
    expectSapError(await client.post('JournalEntries', journalBody()), periodLocked);
    expectSapError(await client.post('Invoices', invoiceBody()), periodLocked);
    expectSapError(await client.post('PurchaseInvoices', invoiceBody({ CardCode: 'T20001' })), periodLocked);
    expect((await client.post('Invoices', invoiceBody({ DocDate: '2026-04-01' }))).status).toBe(201);

    expect((await control(running.origin, 'periods/unlock', { from: '2026-03' })).body).toEqual({
      locked: [],
      closed: [],
    });
    expect((await client.post<DocumentView>('Invoices', invoiceBody())).status).toBe(201);
  });

  it('refuse cancelling a journal entry posted in them', async () => {
    const posted = await client.post<{ JdtNum: number }>('JournalEntries', journalBody());
    await control(running.origin, 'periods/close', { from: '2026-01', to: '2026-03' });
    expectSapError(await client.post(`JournalEntries(${posted.body.JdtNum})/Cancel`), periodLocked);
  });

  it('one status per period: lock and close replace each other; unlock {} reopens every period', async () => {
    await control(running.origin, 'periods/close', { from: '2026-01', to: '2026-03' });
    const locked = await control(running.origin, 'periods/lock', { from: '2026-03', to: '2026-04' });
    expect(locked.body).toEqual({ locked: ['2026-03', '2026-04'], closed: ['2026-01', '2026-02'] });
    await control(running.origin, 'periods/close', { from: '2026-04' });
    expect((await control(running.origin, 'periods')).body).toEqual({
      first: '2020-01',
      last: '2030-12',
      locked: ['2026-03'],
      closed: ['2026-01', '2026-02', '2026-04'],
    });
    expect((await control(running.origin, 'periods/unlock', {})).body).toEqual({ locked: [], closed: [] });
  });

  it('refuses a bad range and periods outside the defined ones; reset reopens everything', async () => {
    const bad = await control(running.origin, 'periods/close', { from: '2026-13' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "Give {from: 'yyyy-MM', to?: 'yyyy-MM'} with from <= to" });
    const outside = await control<{ error: string }>(running.origin, 'periods/close', { from: '2031-01' });
    expect(outside.body.error).toMatch(/No posting periods between 2031-01 and 2031-01/);
    await control(running.origin, 'periods/close', { from: '2026-05' });
    await control(running.origin, 'reset', {});
    expect((await control(running.origin, 'periods')).body).toMatchObject({ locked: [], closed: [] });
  });
});
