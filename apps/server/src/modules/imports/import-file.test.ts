import { describe, expect, it } from 'vitest';
import { ImportFileError, parseCsvRows, parseJsonRows } from './import-file.js';

const csv = (text: string) => parseCsvRows('cash-advances', Buffer.from(text));

describe('CSV import files', () => {
  it('numbers rows by their line in the file, past blank lines and multi-line cells', () => {
    const file = csv(
      '\uFEFFsourceId,tripNumber,Transporter Name,transporter_code,amount\n' +
        'A,TRP-1,Transami Kenya,T20004,100\n' +
        '\n' +
        'B,TRP-2,"Transami\nKenya",T20004,200\n' +
        ',,,,\n' +
        'C,TRP-3,Transami Kenya,T20004,300\n',
    );
    expect(file.rows.map((row) => row.position)).toEqual([{ line: 2 }, { line: 4 }, { line: 7 }]);
    expect(file.rows[1]!.value).toEqual({
      sourceId: 'B',
      tripNumber: 'TRP-2',
      transporterName: 'Transami\nKenya',
      transporterCode: 'T20004',
      amount: '200',
    });
  });

  it('counts lines the same with Windows line breaks', () => {
    const file = csv('sourceId,amount\r\nA,1\r\n\r\n"B\r\nB",2\r\nC,3');
    expect(file.rows.map((row) => row.position)).toEqual([{ line: 2 }, { line: 4 }, { line: 6 }]);
  });

  it('reports columns it does not know and marks rows with the wrong number of cells', () => {
    const file = csv('sourceId,amount,notes\nA,1,x\nB,2\n');
    expect(file.ignoredColumns).toEqual(['notes']);
    expect(file.rows[1]).toMatchObject({
      position: { line: 3 },
      problem: 'row: has 2 cells but the header has 3 columns',
    });
  });

  it('refuses a header naming a field twice and unreadable CSV', () => {
    expect(() => csv('sourceId,source_id\nA,B\n')).toThrow(ImportFileError);
    expect(() => csv('sourceId,amount\n"A,1\n')).toThrow(/not valid CSV/);
  });

  it('answers no rows for an empty file', () => {
    expect(csv('').rows).toEqual([]);
  });
});

describe('JSON import files', () => {
  it('numbers rows by index from 0', () => {
    expect(parseJsonRows('[{"sourceId":"A"},{"sourceId":"B"}]').rows.map((row) => row.position)).toEqual([
      { index: 0 },
      { index: 1 },
    ]);
  });

  it('needs an array', () => {
    expect(() => parseJsonRows('{"sourceId":"A"}')).toThrow('The JSON file must hold an array of rows');
    expect(() => parseJsonRows('[{')).toThrow(/not valid JSON/);
  });
});
