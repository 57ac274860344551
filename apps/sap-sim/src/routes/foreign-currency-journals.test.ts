import { describe, expect, it } from 'vitest';
import { control, expectSapError, journalBody, useFreshSim, type ReadBack } from '../testing/harness.js';

/** JournalEntries lines with FCCurrency / FCDebit / FCCredit; documents are in foreign-currency.test.ts. */
const running = useFreshSim();
const { client } = running;

type Journal = Record<string, unknown> & {
  JdtNum: number;
  JournalEntryLines: Array<Record<string, unknown>>;
};

const setRate = (Currency: string, Rate: number | null, Date = '2026-03-10') =>
  control(running.origin, 'rates', { Currency, Date, Rate });
const NO_RATE = { status: 400, code: -4006, message: 'Update the exchange rate' };

describe('foreign-currency JournalEntries lines', () => {
  const fcLines = (...lines: Array<Record<string, unknown>>) => journalBody({ JournalEntryLines: lines });

  it('computes the local Debit/Credit as round(FC x the rate of ReferenceDate, 2) when omitted', async () => {
    await setRate('USD', 129.3456);
    const reply = await client.post<Journal>(
      'JournalEntries',
      fcLines(
        { AccountCode: '500100', FCCurrency: 'USD', FCDebit: 1234.56 },
        { AccountCode: '210200', FCCurrency: 'USD', FCCredit: 1234.56 },
      ),
    );
    expect(reply.status).toBe(201);
    expect(
      reply.body.JournalEntryLines.map((l) => [l.Debit, l.Credit, l.FCCurrency, l.FCDebit, l.FCCredit]),
    ).toEqual([
      [159684.9, 0, 'USD', 1234.56, 0],
      [0, 159684.9, 'USD', 0, 1234.56],
    ]);
  });

  it('accepts a local amount equal to the conversion, mixes FC and KES lines, and still balances in KES', async () => {
    await setRate('EUR', 140.1234);
    const reply = await client.post<Journal>(
      'JournalEntries',
      fcLines(
        { AccountCode: '500100', FCCurrency: 'EUR', FCDebit: 100, Debit: 14012.34 },
        { AccountCode: '210200', Credit: 14012.34 },
      ),
    );
    expect(reply.status).toBe(201);
    expect(reply.body.JournalEntryLines[1]).toMatchObject({ FCCurrency: null, FCDebit: 0, FCCredit: 0 });
    expectSapError(
      await client.post(
        'JournalEntries',
        fcLines(
          { AccountCode: '500100', FCCurrency: 'EUR', FCDebit: 100 },
          { AccountCode: '210200', Credit: 14012 },
        ),
      ),
      {
        status: 400,
        code: -10,
        message: 'Unbalanced transaction: total debit 14012.34 and total credit 14012.00 must be equal',
      },
    );
  });

  it.each([
    [
      'a Debit that is not the conversion',
      [
        { AccountCode: '500100', FCCurrency: 'USD', FCDebit: 10, Debit: 1289.99 },
        { AccountCode: '210200', Credit: 1290 },
      ],
      -10,
      'Line 1: Debit 1289.99 does not match FCDebit 10.00 USD at rate 129 (1290.00)',
    ],
    [
      'FC amounts without FCCurrency',
      [
        { AccountCode: '500100', FCDebit: 10, Debit: 5 },
        { AccountCode: '210200', Credit: 5 },
      ],
      -10,
      'Line 1: FCDebit or FCCredit needs FCCurrency',
    ],
    [
      'FCCurrency without an amount',
      [
        { AccountCode: '500100', FCCurrency: 'USD', Debit: 5 },
        { AccountCode: '210200', Credit: 5 },
      ],
      -10,
      'Line 1: FCCurrency needs an FCDebit or FCCredit amount',
    ],
    [
      'FCCurrency the local currency',
      [
        { AccountCode: '500100', FCCurrency: 'KES', FCDebit: 5 },
        { AccountCode: '210200', Credit: 5 },
      ],
      -10,
      "Line 1: FCCurrency 'KES' is the local currency; leave it empty",
    ],
    [
      'FC and local amounts on different sides',
      [
        { AccountCode: '500100', FCCurrency: 'USD', FCDebit: 5, Credit: 645 },
        { AccountCode: '210200', Debit: 645 },
      ],
      -10,
      'Line 1: enter the foreign-currency amount on the same side as the local amount',
    ],
    [
      'an unknown FCCurrency',
      [
        { AccountCode: '500100', FCCurrency: 'GBP', FCDebit: 5 },
        { AccountCode: '210200', Credit: 5 },
      ],
      -2028,
      'No matching records found (ODBC -2028)',
    ],
  ])('refuses %s', async (_rule, lines, code, message) => {
    await setRate('USD', 129);
    const reply = await client.post('JournalEntries', fcLines(...(lines as Array<Record<string, unknown>>)));
    expectSapError(reply, {
      status: 400,
      code,
      message,
    });
  });

  it('answers -4006 "Update the exchange rate" when ReferenceDate has no rate for the line currency', async () => {
    await setRate('TZS', null);
    const reply = await client.post(
      'JournalEntries',
      fcLines(
        { AccountCode: '500100', FCCurrency: 'TZS', FCDebit: 1000 },
        { AccountCode: '210200', Credit: 50 },
      ),
    );
    expectSapError(reply, NO_RATE);
  });

  it("a Cancel's reversal swaps FCDebit and FCCredit with Debit and Credit", async () => {
    await setRate('USD', 129);
    const posted = await client.post<Journal>(
      'JournalEntries',
      fcLines(
        { AccountCode: '500100', FCCurrency: 'USD', FCDebit: 10 },
        { AccountCode: '210200', FCCurrency: 'USD', FCCredit: 10 },
      ),
    );
    expect((await client.post(`JournalEntries(${posted.body.JdtNum})/Cancel`)).status).toBe(204);
    const { journalEntries } = (await control<ReadBack>(running.origin, 'documents')).body;
    const reversal = journalEntries[1] as unknown as Journal;
    expect(reversal.JournalEntryLines.map((l) => [l.Debit, l.Credit, l.FCDebit, l.FCCredit])).toEqual([
      [0, 1290, 0, 10],
      [1290, 0, 10, 0],
    ]);
  });
});
