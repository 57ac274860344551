import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';
import { exportCell, exportFileName, type ExportColumn } from './export-columns';

type Row = { name: string; amount: string | number | null; note: string; at: string };
const columns: ExportColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Amount', type: 'amount', value: (row) => row.amount },
  { header: 'Note', value: (row) => row.note },
  { header: 'Created At', type: 'datetime', value: (row) => row.at },
];

describe('CSV export', () => {
  it('starts with a UTF-8 byte-order mark and joins lines with CRLF', () => {
    const csv = toCsv(columns, [{ name: 'Ann', amount: '10', note: 'ok', at: '2026-11-24 09:05:07' }]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toBe('\uFEFFName,Amount,Note,Created At\r\nAnn,10.00,ok,2026-11-24 09:05:07\r\n');
  });

  it('quotes fields holding commas, quotes and line breaks (RFC 4180)', () => {
    const csv = toCsv(columns, [{ name: 'Doe, Jane', amount: null, note: 'say "hi"\nthere', at: '' }]);
    expect(csv.split('\r\n')[1]).toBe('"Doe, Jane",,"say ""hi""\nthere",');
  });

  it('keeps a negative amount a number, in text or number form', () => {
    const rows: Row[] = [
      { name: 'a', amount: '-1500.00', note: '', at: '' },
      { name: 'b', amount: -1500, note: '', at: '' },
    ];
    const [, first, second] = toCsv(columns, rows).split('\r\n');
    expect(first).toBe('a,-1500.00,,');
    expect(second).toBe('b,-1500.00,,');
    // A text column holding a plain negative number is not a formula either.
    expect(csvField({ kind: 'text', value: '-42' })).toBe('-42');
    // Nor is a phone number in international form.
    expect(csvField({ kind: 'text', value: '+254712345678' })).toBe('+254712345678');
  });

  it('still neutralises text a spreadsheet would run as a formula', () => {
    expect(csvField({ kind: 'text', value: '=cmd|"/C calc"!A0' })).toBe('"\'=cmd|""/C calc""!A0"');
    expect(csvField({ kind: 'text', value: '=SUM(A1:A2)' })).toBe("'=SUM(A1:A2)");
    expect(csvField({ kind: 'text', value: '+1-2' })).toBe("'+1-2");
    expect(csvField({ kind: 'text', value: '-1+cmd' })).toBe("'-1+cmd");
    expect(csvField({ kind: 'text', value: '@SUM(1)' })).toBe("'@SUM(1)");
    expect(csvField({ kind: 'text', value: '\tx' })).toBe("'\tx");
    // An amount column whose value is not a number is text, and guarded.
    const cell = exportCell(columns[1]!, { name: '', amount: '=1+1', note: '', at: '' });
    expect(csvField(cell, 'amount')).toBe("'=1+1");
  });

  it('quotes a field holding a semicolon, so Excel with ";" as its separator keeps it whole (issue 21, item 9)', () => {
    expect(csvField({ kind: 'text', value: ';=1+1' })).toBe('";=1+1"');
    expect(csvField({ kind: 'text', value: 'Nairobi; Mombasa' })).toBe('"Nairobi; Mombasa"');
    const csv = toCsv(columns, [{ name: 'a;b', amount: '1', note: ';=HYPERLINK("x")', at: '' }]);
    expect(csv.split('\r\n')[1]).toBe('"a;b",1.00,";=HYPERLINK(""x"")",');
  });

  it('neutralises the full-width ＝＋－＠ a spreadsheet reads like their ASCII forms (issue 21, item 9)', () => {
    expect(csvField({ kind: 'text', value: '＝1+1' })).toBe("'＝1+1");
    expect(csvField({ kind: 'text', value: '＋1' })).toBe("'＋1");
    expect(csvField({ kind: 'text', value: '－1+cmd' })).toBe("'－1+cmd");
    expect(csvField({ kind: 'text', value: '＠SUM(1)' })).toBe("'＠SUM(1)");
  });

  it('names files after the list and the day', () => {
    expect(exportFileName('Users', 'csv', new Date(2026, 10, 24))).toBe('users-2026-11-24.csv');
    expect(exportFileName('Audit logs', 'xlsx', new Date(2026, 0, 2))).toBe('audit-logs-2026-01-02.xlsx');
  });
});
