import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts, SEED_BUSINESS_PARTNERS } from '../seed.js';
import {
  expectSapError,
  loggedIn,
  startSim,
  type Collection,
  type RunningSim,
  type SlClient,
} from '../testing/harness.js';

interface AccountRow {
  Code: string;
  Name: string;
  AccountType: string;
  ActiveAccount: string;
  FrozenFor: string;
}

let running: RunningSim;
let v1: SlClient;
let v2: SlClient;

beforeAll(async () => {
  running = await startSim();
  v1 = await loggedIn(running.v1);
  v2 = await loggedIn(running.v2);
});
afterAll(() => running.sim.close());

const codes = (reply: { body: Collection<{ Code: string }> }) => reply.body.value.map((a) => a.Code);

/** Follows nextLink (relative to the service root) until the last page, as our client must. */
async function readAll<T>(
  client: SlClient,
  first: string,
  linkKey: 'odata.nextLink' | '@odata.nextLink',
  headers = {},
) {
  const pages: T[][] = [];
  let path: string | undefined = first;
  while (path) {
    const reply: { status: number; body: Collection<T> } = await client.get<Collection<T>>(path, headers);
    expect(reply.status).toBe(200);
    pages.push(reply.body.value);
    path = reply.body[linkKey];
    if (pages.length > 100) throw new Error('nextLink never ends');
  }
  return pages;
}

describe('paging', () => {
  const all = seedAccounts();

  it('seeds at least 260 accounts', () => {
    expect(all.length).toBeGreaterThanOrEqual(260);
  });

  it('pages 20 at a time with odata.nextLink (v1) until every account was read once, in key order', async () => {
    const pages = await readAll<AccountRow>(v1, 'ChartOfAccounts', 'odata.nextLink');
    expect(pages[0]).toHaveLength(20);
    expect(pages.length).toBe(Math.ceil(all.length / 20));
    expect(pages.flat().map((a) => a.Code)).toEqual(all.map((a) => a.Code));
  });

  it('honours Prefer: odata.maxpagesize and @odata.nextLink (v2), keeping $filter and $select', async () => {
    const pages = await readAll<{ Code: string }>(
      v2,
      "ChartOfAccounts?$filter=AccountType eq 'at_Expenses'&$select=Code",
      '@odata.nextLink',
      { Prefer: 'odata.maxpagesize=50' },
    );
    const expected = all.filter((a) => a.AccountType === 'at_Expenses').map((a) => a.Code);
    expect(pages[0]).toHaveLength(50);
    expect(pages.flat()).toEqual(expected.map((Code) => ({ Code })));
  });

  it('takes B1S-PageSize too, and answers the link SAP-style relative to the service root', async () => {
    const reply = await v1.get<Collection<AccountRow>>('ChartOfAccounts?$orderby=Name desc', {
      'B1S-PageSize': '7',
    });
    expect(reply.body.value).toHaveLength(7);
    expect(reply.body['odata.nextLink']).toBe('ChartOfAccounts?$orderby=Name%20desc&$skip=7');
  });

  it('pages inside a $top window and carries the rest of $top in the link', async () => {
    const first = await v1.get<Collection<AccountRow>>('ChartOfAccounts?$top=30&$skip=5');
    expect(first.body.value).toHaveLength(20);
    expect(first.body['odata.nextLink']).toBe('ChartOfAccounts?$top=10&$skip=25');
    const pages = await readAll<AccountRow>(v1, 'ChartOfAccounts?$top=30&$skip=5', 'odata.nextLink');
    expect(pages.flat().map((a) => a.Code)).toEqual(all.slice(5, 35).map((a) => a.Code));
  });

  it('serves everything in one page when maxpagesize is 0', async () => {
    const reply = await v1.get<Collection<AccountRow>>('ChartOfAccounts', { Prefer: 'odata.maxpagesize=0' });
    expect(reply.body.value).toHaveLength(all.length);
    expect(reply.body['odata.nextLink']).toBeUndefined();
  });
});

describe('$select, $orderby, $top, $skip', () => {
  it('selects only the named properties', async () => {
    const reply = await v1.get<Collection<Record<string, unknown>>>(
      'BusinessPartners?$select=CardCode,Frozen&$top=2',
    );
    expect(reply.body.value).toEqual([
      { CardCode: 'C10001', Frozen: 'tNO' },
      { CardCode: 'C10002', Frozen: 'tNO' },
    ]);
  });

  it('orders by several fields, asc and desc', async () => {
    const reply = await v1.get<Collection<{ CardCode: string; CardType: string }>>(
      'BusinessPartners?$orderby=CardType desc,CardCode desc&$select=CardCode,CardType',
      { Prefer: 'odata.maxpagesize=100' },
    );
    const expected = [...SEED_BUSINESS_PARTNERS]
      .sort((a, b) => b.CardType.localeCompare(a.CardType) || b.CardCode.localeCompare(a.CardCode))
      .map((p) => p.CardCode);
    expect(reply.body.value.map((p) => p.CardCode)).toEqual(expected);
  });

  it('reads one account by its string key and one partner by the named-key form', async () => {
    const account = await v1.get<AccountRow>("ChartOfAccounts('110199')");
    expect(account.body).toMatchObject({
      Code: '110199',
      Name: 'Petty Cash - Eldoret',
      ActiveAccount: 'tNO',
    });
    const partner = await v2.get<{ CardName: string }>(
      "BusinessPartners(CardCode='T20099')?$select=CardName",
    );
    expect(partner.body).toEqual({
      '@odata.context': `${running.v2}/$metadata#BusinessPartners/$entity`,
      CardName: 'Dormant Haulage Ltd',
    });
    expectSapError(await v1.get("ChartOfAccounts('000000')"), { status: 404, code: -2028, message: /-2028/ });
    expectSapError(await v1.get('ChartOfAccounts(110101)'), {
      status: 400,
      code: -1000,
      message: "Invalid key '110101' for 'ChartOfAccounts'",
    });
  });
});

describe('$filter', () => {
  const filterCodes = async (filter: string) =>
    codes(
      await v1.get<Collection<{ Code: string }>>(
        `ChartOfAccounts?$filter=${encodeURIComponent(filter)}&$select=Code`,
        { Prefer: 'odata.maxpagesize=0' },
      ),
    );

  it.each([
    ["Code eq '110101'", ['110101']],
    ["Code ge '110101' and Code le '110104'", ['110101', '110102', '110103', '110104']],
    ["Code gt '110101' and Code lt '110104'", ['110102', '110103']],
    ["(Code eq '400100' or Code eq '500100') and AccountType ne 'at_Expenses'", ['400100']],
    ["startswith(Code,'4101') or Code eq '520900'", ['410100', '520900']],
    [
      "startswith(Name,'VAS Cost') eq true and not (Code eq '510100')",
      ['510200', '510300', '510400', '510500'],
    ],
    ["ActiveAccount eq 'tNO'", ['110199']],
    ["FrozenFor eq 'tYES'", ['520900']],
    ["Name eq 'Directors'' Loan'", ['230400']],
    ["contains(Name,'Escort &')", ['410500', '510500']],
    ["substringof('Malaba Border',Name) and startswith(Code,'1')", ['110103']],
  ])('%s', async (filter, expected) => {
    expect(await filterCodes(filter)).toEqual(expected);
  });

  it('compares numbers and dates on documents', async () => {
    const journal = (date: string, ref: string) => ({
      ReferenceDate: date,
      Reference3: ref,
      JournalEntryLines: [
        { AccountCode: '500100', Debit: 10 },
        { AccountCode: '210200', Credit: 10 },
      ],
    });
    const a = await v1.post<{ JdtNum: number }>('JournalEntries', journal('2026-01-15', 'F-A'));
    await v1.post('JournalEntries', journal('2026-02-15', 'F-B'));
    await v1.post('JournalEntries', journal('2026-03-15', 'F-C'));
    const refs = async (filter: string, client = v1) =>
      (
        await client.get<Collection<{ Reference3: string }>>(
          `JournalEntries?$filter=${filter}&$select=Reference3`,
        )
      ).body.value.map((j) => j.Reference3);
    expect(await refs(`JdtNum gt ${a.body.JdtNum}`)).toEqual(['F-B', 'F-C']);
    expect(await refs("ReferenceDate ge '2026-02-01' and ReferenceDate lt '2026-03-01'")).toEqual(['F-B']);
    expect(await refs('ReferenceDate le 2026-01-31T00:00:00Z', v2)).toEqual(['F-A']);
    expect(await refs("ReferenceDate eq datetime'2026-03-15T00:00:00'")).toEqual(['F-C']);
    expect(await refs("Memo eq null and Reference3 ne 'F-A'")).toEqual(['F-B', 'F-C']);
  });

  it.each([
    ["Code eq '110101"],
    ['Code eq'],
    ["Code = '110101'"],
    ["Colour eq 'red'"],
    ["Code eq '1' and"],
    ["(Code eq '1'"],
    ['Code eq 110101'],
    ["AccountType eq 'I'"],
    ["endswith(Code,'1') eq 'x'"],
    ["frobnicate(Code,'1')"],
    [''],
  ])('answers 400 for the malformed filter %j, in both shapes', async (filter) => {
    const path = `ChartOfAccounts?$filter=${encodeURIComponent(filter)}`;
    expectSapError(
      await v1.get(path),
      { status: 400, code: -1000, message: /^Invalid query option \$filter: / },
      'v1',
    );
    expectSapError(
      await v2.get(path),
      { status: 400, code: -1000, message: /^Invalid query option \$filter: / },
      'v2',
    );
  });

  it('answers 400 for bad $select, $orderby, $top, $skip and unsupported options', async () => {
    for (const query of [
      '$select=Colour',
      '$orderby=Code sideways',
      '$top=-1',
      '$skip=x',
      '$expand=Lines',
      '$top=1&$top=2',
    ]) {
      expectSapError(await v1.get(`ChartOfAccounts?${query}`), {
        status: 400,
        code: -1000,
        message: /^Invalid query option \$/,
      });
    }
  });
});
