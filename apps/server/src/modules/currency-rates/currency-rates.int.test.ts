import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectPostedOnce,
  importRecords,
  keyOf,
  ledgerId,
  nairobiDay,
  recordRows,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { rowFailureOf } from '../../test/record-names.js';
import { simConfig } from '../../test/sap-documents.js';
import { PATHS, startRecordsHarness, today } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';

/**
 * The posting-date picker's exchange rates (issue 25, "the date picker says so"): `GET /api/v1/currency-rates`
 * answers SAP's rate of a currency for each day of a range, null where SAP has none; SAP's local currency
 * needs none. A missing day answers the picker from memory for 30 s, while a post still asks SAP afresh.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => ({ h, admin } = await startRecordsHarness()), 120_000);
afterAll(() => h?.close());

const URL = '/api/v1/currency-rates';
const ratesOf = (currency: string, from: string, to: string) =>
  admin.get(`${URL}?${new URLSearchParams({ currency, from, to }).toString()}`);
/** Sets SAP's rate of `currency` on `day` (null: SAP has none). */
const setRate = (currency: string, day: string, rate: number | null) =>
  h.sim.control('/__sim/rates', { Currency: currency, Date: day, Rate: rate });
/** SBOBobService_GetCurrencyRate calls SAP received so far. */
const rateCalls = async () => (await h.sim.stats()).requests.SBOBobService_GetCurrencyRate ?? 0;
/** A day of the Nairobi calendar `offset` days from today. */
const day = (offset: number) => nairobiDay(offset);

describe('GET /api/v1/currency-rates', () => {
  it("answers SAP's rate for each day of the range, and null for a day SAP has no rate for", async () => {
    await setRate('USD', day(-4), 131.5);
    await setRate('USD', day(-3), null);
    const response = await ratesOf('USD', day(-5), today);
    expect(response.status).toBe(200);
    const { data } = response.body;
    expect(data).toMatchObject({ currency: 'USD', local: false });
    expect(data.days.map((d: { day: string }) => d.day)).toEqual([
      day(-5),
      day(-4),
      day(-3),
      day(-2),
      day(-1),
      today,
    ]);
    expect(data.days[1]).toEqual({ day: day(-4), rate: '131.5' });
    expect(data.days[2]).toEqual({ day: day(-3), rate: null });
    for (const other of [0, 3, 4, 5]) expect(data.days[other].rate).toMatch(/^\d+(\.\d{1,6})?$/);
    // A currency written in small letters is the same currency.
    expect((await ratesOf('usd', day(-3), day(-3))).body.data.days).toEqual([{ day: day(-3), rate: null }]);
  });

  it('keeps a missing day for the picker only: a post asks SAP afresh and posts once the rate is entered', async () => {
    const missing = day(-8);
    await setRate('USD', missing, null);
    expect((await ratesOf('USD', missing, missing)).body.data.days).toEqual([{ day: missing, rate: null }]);

    // Opening the picker again asks SAP nothing: the rate it has is kept, the missing day too (30 s).
    const before = await rateCalls();
    expect((await ratesOf('USD', day(-10), missing)).body.data.days[2]).toEqual({ day: missing, rate: null });
    expect(await rateCalls()).toBe(before + 2);
    expect((await ratesOf('USD', day(-10), missing)).status).toBe(200);
    expect(await rateCalls()).toBe(before + 2);

    // The rate is entered in SAP: the picker may say "none" for a few more seconds, but a post asks SAP itself.
    await setRate('USD', missing, 128.4);
    expect((await ratesOf('USD', missing, missing)).body.data.days).toEqual([{ day: missing, rate: null }]);
    const [id] = await importRecords(h, 'cash', [
      recordRows.cash({ amount: '10.00', currency: 'USD', documentDate: `${day(-9)}T10:00:00` }),
    ]);
    const posted = await admin.post(PATHS.cash, {
      postSap: [{ cashAdvanceId: id, sapAccount: await ledgerId(h, '110101'), postingDate: missing }],
    });
    expect(posted.status).toBe(200);
    await expectPostedOnce(h.sim, [keyOf('CA', id!)]);
    // What the post read is what the picker shows now.
    expect((await ratesOf('USD', missing, missing)).body.data.days).toEqual([
      { day: missing, rate: '128.4' },
    ]);
  });

  it('a post on a day SAP has no rate for is still refused with the sentence the picker shows', async () => {
    const none = day(-12);
    await setRate('USD', none, null);
    const [id] = await importRecords(h, 'cash', [
      recordRows.cash({ amount: '10.00', currency: 'USD', documentDate: `${day(-13)}T10:00:00` }),
    ]);
    const refused = await admin.post(PATHS.cash, {
      postSap: [{ cashAdvanceId: id, sapAccount: await ledgerId(h, '110101'), postingDate: none }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.failed).toEqual([
      await rowFailureOf(
        h,
        'cashAdvance',
        id!,
        `No USD rate for ${none} in SAP: enter it in SAP's exchange rates first.`,
      ),
    ]);
  });

  it("answers local: true for SAP's local currency, without asking SAP for any rate", async () => {
    const before = await rateCalls();
    const response = await ratesOf('KES', day(-30), today);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { currency: 'KES', local: true, days: [] } });
    expect(await rateCalls()).toBe(before);
  });

  it('answers 422 for a bad currency, bad dates, From after To or more than 62 days', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { currency: 'US', from: today, to: today },
        'currency',
        'The currency must be an ISO 4217 code (e.g. USD or KES).',
      ],
      [
        { currency: 'XYZ', from: today, to: today },
        'currency',
        'The currency must be an ISO 4217 code (e.g. USD or KES).',
      ],
      [{ currency: 'USD', from: '2026-02-30', to: today }, 'from', 'This is not a real calendar date.'],
      [{ currency: 'USD', from: today, to: '27.11.2026' }, 'to', 'Use the format yyyy-MM-dd.'],
      [{ currency: 'USD', from: today, to: day(-1) }, 'to', 'From must not be after To.'],
      [{ currency: 'USD', from: day(-62), to: today }, 'to', 'The range may cover at most 62 days.'],
    ];
    for (const [query, field, message] of cases) {
      const response = await admin.get(`${URL}?${new URLSearchParams(query).toString()}`);
      expect(response.status, JSON.stringify(query)).toBe(422);
      expect(response.body.errors[field], JSON.stringify(query)).toEqual([message]);
    }
    const missing = await admin.get(`${URL}?currency=USD`);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['from', 'to']);
    // 62 days, today's included, is the most.
    const longest = await ratesOf('USD', day(-61), today);
    expect(longest.status).toBe(200);
    expect(longest.body.data.days).toHaveLength(62);
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const response = await h.client().get(`${URL}?currency=USD&from=${today}&to=${today}`);
    expect(response.status).toBe(401);
  });

  it('answers 503 with a message while SAP cannot be asked', async () => {
    await simConfig(h.sim, { errorRate: 1 });
    try {
      // Days nobody asked about yet (an answered rate is kept 5 minutes).
      const response = await ratesOf('EUR', day(-50), day(-45));
      expect(response.status).toBe(503);
      expect(response.body.message).toMatch(
        /^SAP's exchange rates could not be read: .+\. Try again in a moment\.$/,
      );
    } finally {
      await simConfig(h.sim, { errorRate: 0 });
    }
    expect((await ratesOf('EUR', day(-50), day(-45))).body.data.days).toHaveLength(6);
  });
});
