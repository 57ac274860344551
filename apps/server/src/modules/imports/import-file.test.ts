import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportFileError, openImportFile, parseCsvRows, parseJsonRows } from './import-file.js';
import type { SourceRow } from './import-validation.js';

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

describe('CSV files opened for import (streamed)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ff-import-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const allRows = async (rows: readonly SourceRow[] | AsyncIterable<readonly SourceRow[]>) => {
    const out: SourceRow[] = [];
    for await (const batch of rows as AsyncIterable<readonly SourceRow[]>) out.push(...batch);
    return out;
  };

  it('reads a file larger than one read chunk with the rows and lines of the in-memory reader', async () => {
    // ~300 KB (several 64 KiB chunks): quoted multi-line cells, Windows line breaks, blank lines and a short row.
    const lines = ['sourceId,tripNumber,Transporter Name,transporter_code,amount,notes'];
    for (let i = 0; i < 3_000; i += 1) {
      const name = i % 7 === 0 ? `"Transami\r\nKenya ${i}"` : `Transami Kenya ${i}`;
      lines.push(`CA-${i},TRP-${i},${name},T20004,${i}.50,${'x'.repeat(i % 90)}`);
      if (i % 11 === 0) lines.push('');
      if (i === 2_500) lines.push('CA-short,TRP-short');
    }
    const text = `\uFEFF${lines.join('\r\n')}`;
    const opened = await openImportFile('cash-advances', file('large.csv', text));
    const expected = parseCsvRows('cash-advances', Buffer.from(text));
    expect(opened.format).toBe('csv');
    expect(opened.ignoredColumns).toEqual(['notes']);
    const streamed = await allRows(opened.rows);
    expect(streamed).toHaveLength(3_001);
    expect(streamed).toEqual(expected.rows);
    expect(streamed.find((row) => row.problem)).toMatchObject({
      position: { line: expect.any(Number) },
      problem: 'row: has 2 cells but the header has 6 columns',
    });
  });

  it('refuses a file that is not CSV before reading any row, naming the line', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => `CA-${i},1`);
    const path = file('broken.csv', ['sourceId,amount', ...rows, '"CA-open,1'].join('\n'));
    await expect(openImportFile('cash-advances', path)).rejects.toThrow(
      /^The file is not valid CSV near line \d+: /,
    );
  });

  it('refuses a missing file, a header naming a field twice, and a name without .csv or .json', async () => {
    await expect(openImportFile('cash-advances', join(dir, 'missing.csv'))).rejects.toThrow(
      `Cannot read ${join(dir, 'missing.csv')}: ENOENT`,
    );
    await expect(
      openImportFile('cash-advances', file('twice.csv', 'sourceId,source_id\nA,B\n')),
    ).rejects.toThrow('The header names the field sourceId twice ("source_id").');
    await expect(openImportFile('cash-advances', file('rows.txt', 'sourceId\nA\n'))).rejects.toThrow(
      /^Cannot tell the format of .*rows\.txt: name it \*\.csv or \*\.json\.$/,
    );
  });
});
