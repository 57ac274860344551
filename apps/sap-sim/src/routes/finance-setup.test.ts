import { describe, expect, it } from 'vitest';
import { todayUtc } from '../dates.js';
import { control, expectSapError, loggedIn, useFreshSim, type Collection } from '../testing/harness.js';

const running = useFreshSim();
const { client } = running;

const rate = (Currency: string, Date: string) =>
  client.post<{ value: number; 'odata.metadata': string }>('SBOBobService_GetCurrencyRate', {
    Currency,
    Date,
  });

/** `today` moved by whole days (UTC), `yyyy-MM-dd`. */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('CompanyService_GetAdminInfo', () => {
  it("answers SAP's AdminInfo: KES local currency, USD system currency, EnableBranches (OADM.MltpBrnchs) off", async () => {
    const reply = await client.post('CompanyService_GetAdminInfo');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      'odata.metadata': `${running.v1}/$metadata#SAPB1.AdminInfo`,
      CompanyName: 'Freight Finance Demo Kenya Ltd',
      Country: 'KE',
      LocalCurrency: 'KES',
      SystemCurrency: 'USD',
      DirectIndirectRate: 'tYES',
      EnableBranches: 'tNO',
    });
    const v2 = await (await loggedIn(running.v2)).post('CompanyService_GetAdminInfo');
    expect(v2.body).toMatchObject({ '@odata.context': `${running.v2}/$metadata#SAPB1.AdminInfo` });
  });

  it('takes no parameters (FunctionImport without Parameter elements)', async () => {
    const reply = await client.post('CompanyService_GetAdminInfo', { Code: 1 });
    expectSapError(reply, {
      status: 400,
      code: -1000,
      message: "Property 'Code' of 'CompanyService_GetAdminInfo' is invalid",
    });
  });

  it('/__sim/company changes the local currency and turns branches on and off', async () => {
    const changed = await control(running.origin, 'company', { LocalCurrency: 'UGX', EnableBranches: true });
    expect(changed.body).toMatchObject({ LocalCurrency: 'UGX', EnableBranches: 'tYES' });
    expect((await client.post('CompanyService_GetAdminInfo')).body).toMatchObject({
      LocalCurrency: 'UGX',
      EnableBranches: 'tYES',
    });
    await control(running.origin, 'company', { LocalCurrency: 'KES', EnableBranches: 'tNO' });
    expect((await control(running.origin, 'company')).body).toMatchObject({ EnableBranches: 'tNO' });
  });

  it.each([
    [{ LocalCurrency: 'XYZ' }, 'LocalCurrency must be the code of a currency in Currencies'],
    [{ EnableBranches: 'yes' }, "EnableBranches must be true, false, 'tYES' or 'tNO'"],
    [{ MultiBranch: true }, "Unknown company setting 'MultiBranch'"],
  ])('/__sim/company refuses %j', async (body, error) => {
    const reply = await control(running.origin, 'company', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error });
  });
});

describe('Currencies and SBOBobService_GetCurrencyRate', () => {
  it('lists the seeded currencies by Code', async () => {
    const list = await client.get<Collection<{ Code: string; Name: string }>>('Currencies?$select=Code,Name');
    expect(list.body.value.map((c) => c.Code)).toEqual(['EUR', 'KES', 'TZS', 'UGX', 'USD']);
    expect((await client.get("Currencies('USD')")).body).toMatchObject({ Code: 'USD', Name: 'US Dollar' });
  });

  it('answers the rate as an OData primitive (ReturnType Edm.Double): {"value": ...}, v1 and v2', async () => {
    await control(running.origin, 'rates', { Currency: 'USD', Date: '2026-11-27', Rate: 129.3456 });
    const reply = await rate('USD', '2026-11-27');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ 'odata.metadata': `${running.v1}/$metadata#Edm.Double`, value: 129.3456 });
    const v2 = await (
      await loggedIn(running.v2)
    ).post('SBOBobService_GetCurrencyRate', {
      Currency: 'USD',
      Date: '20261127',
    });
    expect(v2.body).toEqual({ '@odata.context': `${running.v2}/$metadata#Edm.Double`, value: 129.3456 });
  });

  it("accepts SAP samples' yyyyMMdd Date as well as yyyy-MM-dd, and answers 1 for the local currency", async () => {
    const compact = await rate('EUR', todayUtc().replaceAll('-', ''));
    const dashed = await rate('EUR', todayUtc());
    expect(compact.body.value).toBe(dashed.body.value);
    expect((await rate('KES', todayUtc())).body.value).toBe(1);
  });

  it('seeds realistic 4-decimal rates for every day from 2 years back to 60 days ahead, and none beyond', async () => {
    const expected = { USD: [125, 134], EUR: [135, 145], UGX: [0.034, 0.036], TZS: [0.048, 0.052] } as const;
    for (const [code, [low, high]] of Object.entries(expected)) {
      for (const day of [dayFrom(-729), dayFrom(-1), todayUtc(), dayFrom(60)]) {
        const { value } = (await rate(code, day)).body;
        expect(value, `${code} ${day}`).toBeGreaterThan(low);
        expect(value).toBeLessThan(high);
        expect(Math.round(value * 10_000) / 10_000).toBe(value);
      }
    }
    expect((await rate('USD', dayFrom(-1))).body.value).not.toBe((await rate('USD', todayUtc())).body.value);
    expectSapError(await rate('USD', dayFrom(61)), {
      status: 400,
      code: -4006,
      message: 'Update the exchange rate',
    });
    expectSapError(await rate('USD', dayFrom(-740)), {
      status: 400,
      code: -4006,
      message: 'Update the exchange rate',
    });
  });

  it('answers -4006 "Update the exchange rate" for a day whose rate /__sim/rates deleted, until it is set again', async () => {
    const day = todayUtc();
    const deleted = await control(running.origin, 'rates', { Currency: 'UGX', Date: day, Rate: null });
    expect(deleted.body).toEqual({ rates: [{ Currency: 'UGX', Date: day, Rate: null }] });
    expectSapError(await rate('UGX', day), { status: 400, code: -4006, message: 'Update the exchange rate' });
    await control(running.origin, 'rates', [{ Currency: 'UGX', Date: day, Rate: 0.034512 }]);
    expect((await rate('UGX', day)).body.value).toBe(0.034512);
    await control(running.origin, 'reset', {});
    await client.login();
    expect((await rate('UGX', day)).body.value).not.toBe(0.034512);
  });

  it.each([
    [{ Currency: 'USD' }, -10, "Property 'Date' of 'SBOBobService_GetCurrencyRate' is required"],
    [
      { Currency: 'USD', Date: '27/11/2026' },
      -1000,
      "Parameter 'Date' of 'SBOBobService_GetCurrencyRate' has an invalid date '27/11/2026'; use yyyyMMdd or yyyy-MM-dd",
    ],
    [{ Currency: 'GBP', Date: '2026-11-27' }, -2028, 'No matching records found (ODBC -2028)'],
    [
      { Currency: 'USD', Date: '2026-11-27', RateType: 1 },
      -1000,
      "Property 'RateType' of 'SBOBobService_GetCurrencyRate' is invalid",
    ],
  ])('refuses %j', async (body, code, message) => {
    expectSapError(await client.post('SBOBobService_GetCurrencyRate', body), { status: 400, code, message });
  });

  it.each([
    [{ Currency: 'KES', Date: '2026-11-27', Rate: 1 }, 'Currency must be a foreign currency in Currencies'],
    [{ Currency: 'USD', Date: '2026-11-31', Rate: 1 }, 'Date must be yyyy-MM-dd'],
    [
      { Currency: 'USD', Date: '2026-11-27', Rate: 0 },
      'Rate must be a number above 0, or null to delete the rate of that day',
    ],
  ])('/__sim/rates refuses %j', async (body, error) => {
    const reply = await control(running.origin, 'rates', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error });
  });

  it('/__sim/currencies adds a currency that can then carry rates', async () => {
    const added = await control(running.origin, 'currencies', { Code: 'RWF', Name: 'Rwanda Franc' });
    expect(added.body).toMatchObject({ currencies: [{ Code: 'RWF', Name: 'Rwanda Franc' }] });
    await control(running.origin, 'rates', { Currency: 'RWF', Date: '2026-11-27', Rate: 0.0891 });
    expect((await rate('RWF', '20261127')).body.value).toBe(0.0891);
    expectSapError(await rate('RWF', '20261128'), {
      status: 400,
      code: -4006,
      message: 'Update the exchange rate',
    });
  });
});

describe('VatGroups, DistributionRules, BusinessPlaces', () => {
  it('serves the Kenyan VAT groups with Category (BoVatCategoryEnum) and VatGroups_Lines', async () => {
    // Collections come in key order, as the simulator lists every entity set.
    const groups = await client.get<Collection<Record<string, unknown>>>('VatGroups');
    expect(groups.body.value.map((g) => [g.Code, g.Category, g.Inactive])).toEqual([
      ['E', 'bovcOutputTax', 'tNO'],
      ['I0', 'bovcInputTax', 'tNO'],
      ['I1', 'bovcInputTax', 'tNO'],
      ['O0', 'bovcOutputTax', 'tNO'],
      ['O1', 'bovcOutputTax', 'tNO'],
      ['O2', 'bovcOutputTax', 'tYES'],
    ]);
    const v2 = await (await loggedIn(running.v2)).get("VatGroups('O1')");
    expect(v2.body).toMatchObject({ VatGroups_Lines: [{ Effectivefrom: '2020-01-01T00:00:00Z', Rate: 16 }] });
  });

  it('serves distribution rules per dimension (OOCR.DimCode as InWhichDimension) and filters on it', async () => {
    const routes = await client.get<Collection<{ FactorCode: string }>>(
      'DistributionRules?$filter=InWhichDimension eq 2&$select=FactorCode',
    );
    expect(routes.body.value.map((r) => r.FactorCode)).toEqual(['MSA-DAR', 'MSA-NBO', 'NBO-KLA']);
    expect((await client.get("DistributionRules('KBZ001Z')")).body).toMatchObject({ Active: 'tNO' });
  });

  it('serves branches by numeric BPLID, one disabled', async () => {
    expect((await client.get('BusinessPlaces(1)')).body).toMatchObject({
      BPLName: 'Nairobi HQ',
      MainBPL: 'tYES',
    });
    const disabled = await client.get<Collection<{ BPLID: number }>>(
      "BusinessPlaces?$filter=Disabled eq 'tYES'",
    );
    expect(disabled.body.value.map((b) => b.BPLID)).toEqual([4]);
  });

  it('the finance set-up is read-only on /b1s', async () => {
    expectSapError(await client.post('VatGroups', { Code: 'X' }), {
      status: 405,
      code: -1000,
      message: "Method POST is not allowed on 'VatGroups'",
    });
  });

  it('/__sim/vat-groups, /distribution-rules and /business-places upsert by key', async () => {
    const vat = await control(running.origin, 'vat-groups', [
      {
        Code: 'O1',
        VatGroups_Lines: [
          { Effectivefrom: '2020-01-01', Rate: 16 },
          { Effectivefrom: '2027-01-01', Rate: 18 },
        ],
      },
      { Code: 'I2', Name: 'Input 8%', Category: 'bovcInputTax', VatGroups_Lines: [{ Rate: 8 }] },
    ]);
    expect(vat.status).toBe(200);
    expect((await client.get("VatGroups('I2')")).body).toMatchObject({
      Inactive: 'tNO',
      VatGroups_Lines: [{ Rate: 8 }],
    });
    expect((await client.get("VatGroups('O1')")).body).toMatchObject({ VatGroups_Lines: [{}, { Rate: 18 }] });
    await control(running.origin, 'distribution-rules', [
      { FactorCode: 'KCA123A', Active: 'tNO' },
      { FactorCode: 'NBO-DAR', FactorDescription: 'Nairobi - Dar', InWhichDimension: 2 },
    ]);
    expect((await client.get("DistributionRules('KCA123A')")).body).toMatchObject({ Active: 'tNO' });
    expect((await client.get("DistributionRules('NBO-DAR')")).body).toMatchObject({
      InWhichDimension: 2,
      Active: 'tYES',
    });
    await control(running.origin, 'business-places', [
      { BPLID: 2, Disabled: 'tYES' },
      { BPLID: 5, BPLName: 'Kigali' },
    ]);
    expect((await client.get('BusinessPlaces(2)')).body).toMatchObject({ Disabled: 'tYES' });
    expect((await client.get('BusinessPlaces(5)')).body).toMatchObject({
      BPLName: 'Kigali',
      Disabled: 'tNO',
    });
  });

  it.each([
    [
      'vat-groups',
      { Code: 'X1', Name: 'x', Category: 'bovcOutputTax' },
      'VatGroups_Lines is required to add a VatGroup',
    ],
    [
      'vat-groups',
      { Code: 'X1', Category: 'output', VatGroups_Lines: [{ Rate: 1 }] },
      "Property 'Category' of 'VatGroup' has an invalid value; expected one of bovcInputTax, bovcOutputTax",
    ],
    [
      'distribution-rules',
      { FactorCode: 'TOOLONGCODE', FactorDescription: 'x', InWhichDimension: 1 },
      "Value too long in property 'FactorCode' of 'DistributionRule'; at most 8 characters",
    ],
    [
      'distribution-rules',
      { FactorCode: 'X', FactorDescription: 'x', InWhichDimension: 6 },
      'InWhichDimension must be 1 to 5',
    ],
    ['business-places', { BPLName: 'No id' }, 'BPLID (a number above 0) is required'],
  ])('/__sim/%s refuses %j', async (path, body, error) => {
    const reply = await control(running.origin, path, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error });
  });
});
