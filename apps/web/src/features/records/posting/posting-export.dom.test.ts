import { describe, expect, it } from 'vitest';
import type { ColumnDef } from '@tanstack/react-table';
import { exportCell } from '@/lib/export/export-columns';
import { ledgerColumn } from './account-select';
import { ofTrip, postingDateColumn } from './draft-columns';
import { amountColumn, dateTimeColumn, postingStatusColumn, valueColumn } from './posting-columns';
import { postingExportColumns, withCurrencyColumn } from './posting-export';

type Row = {
  id: number;
  tripNumber: string;
  documentDate: string;
  amount: string | null;
  status: 'unposted' | 'failed';
  lastError: string | null;
};
type Draft = { postingDate: Date | null; ledgerId: number | null };

const columns = [
  postingStatusColumn<Row>(),
  valueColumn<Row>('tripNumber', 'Trip Number'),
  dateTimeColumn<Row>('documentDate', 'Document Date'),
  postingDateColumn<Row, Draft>(ofTrip),
  ledgerColumn<Row, Draft>(ofTrip),
  amountColumn<Row>('amount', 'Amount'),
] as ColumnDef<Row, any>[];

const row: Row = {
  id: 7,
  tripNumber: 'TRP-7',
  documentDate: '2026-11-01 08:00:00',
  amount: '-1500.00',
  status: 'failed',
  lastError: 'SAP said no',
};
const draft: Draft = { postingDate: new Date(2026, 10, 20, 9, 30, 0), ledgerId: 3 };
const context = { ledgerOptions: [{ value: '3', label: 'Petty cash - 1001' }] };

describe('postingExportColumns', () => {
  const exported = postingExportColumns<Row>(columns, { draftOf: () => draft, context: () => context });

  it('exports the shown columns in order, the inputs with the values typed in', () => {
    expect(exported.map((column) => column.header)).toEqual([
      'Status',
      'Trip Number',
      'Document Date',
      'Posting Date',
      'Posting Ledger',
      'Amount',
    ]);
    expect(exported.map((column) => column.value(row))).toEqual([
      'Failed',
      'TRP-7',
      '2026-11-01 08:00:00',
      '2026-11-20 09:30:00',
      'Petty cash - 1001',
      '-1500.00',
    ]);
  });

  it('writes amounts as numbers, negative ones included', () => {
    const amount = exported.find((column) => column.header === 'Amount')!;
    expect(exportCell(amount, row)).toEqual({ kind: 'number', value: -1500 });
  });

  it('leaves an input empty when nothing was chosen', () => {
    const empty = postingExportColumns<Row>(columns, {
      draftOf: () => ({ postingDate: null, ledgerId: null }),
      context: () => context,
    });
    expect(empty.find((column) => column.header === 'Posting Ledger')!.value(row)).toBeNull();
    expect(empty.find((column) => column.header === 'Posting Date')!.value(row)).toBeNull();
  });
});

describe('the Currency export column (issue 25)', () => {
  type Money = Row & { currency: string | null; unitPrice: string };
  const moneyColumns = [
    valueColumn<Money>('tripNumber', 'Trip Number'),
    amountColumn<Money>('unitPrice', 'Unit Price'),
    amountColumn<Money>('amount', 'Amount'),
    dateTimeColumn<Money>('documentDate', 'Document Date'),
  ] as ColumnDef<Money, any>[];
  const exported = postingExportColumns<Money>(moneyColumns, {
    draftOf: () => draft,
    context: () => context,
  });
  const local: Money = { ...row, currency: null, unitPrice: '12.5' };
  const usd: Money = { ...row, id: 8, currency: 'USD', unitPrice: '3' };

  it('leaves the columns exactly as they are when no exported row has a currency', () => {
    expect(withCurrencyColumn(exported, [local, local])).toBe(exported);
    expect(withCurrencyColumn(exported, [])).toBe(exported);
  });

  it('adds Currency right after the amount columns when a row has one, blank for the local rows', () => {
    const withCurrency = withCurrencyColumn(exported, [local, usd]);
    expect(withCurrency.map((column) => column.header)).toEqual([
      'Trip Number',
      'Unit Price',
      'Amount',
      'Currency',
      'Document Date',
    ]);
    const currency = withCurrency[3]!;
    expect(exportCell(currency, usd)).toEqual({ kind: 'text', value: 'USD' });
    expect(exportCell(currency, local)).toBeNull();
    // The amounts stay numbers.
    expect(exportCell(withCurrency[2]!, usd)).toEqual({ kind: 'number', value: -1500 });
  });

  it('puts Currency last when the list has no amount column', () => {
    const plain = postingExportColumns<Money>([valueColumn<Money>('tripNumber', 'Trip Number')], {
      draftOf: () => draft,
      context: () => context,
    });
    expect(withCurrencyColumn(plain, [usd]).map((column) => column.header)).toEqual([
      'Trip Number',
      'Currency',
    ]);
  });
});
