import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';

/** The Export menu's items. */
export type ExportFormatLabel = 'CSV' | 'Excel (.xlsx)';

/**
 * Opens the table's Export menu, picks a format and waits for the file: its suggested name and where
 * Playwright saved it.
 */
export async function exportFrom(
  page: Page,
  frame: Locator,
  format: ExportFormatLabel,
): Promise<{ fileName: string; path: string }> {
  await frame.getByRole('button', { name: 'Export', exact: true }).click();
  const item = page.getByRole('menuitem', { name: format });
  await expect(item).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
  const path = await download.path();
  return { fileName: download.suggestedFilename(), path };
}

/** A CSV file's raw text (byte-order mark included) and its records, parsed as RFC 4180. */
export async function readCsv(path: string): Promise<{ text: string; bytes: Buffer; rows: string[][] }> {
  const bytes = await readFile(path);
  const text = bytes.toString('utf8');
  const body = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return { text, bytes, rows };
}

/** An .xlsx file's first sheet: each row's cell values and ExcelJS value types (1-based columns dropped). */
export async function readXlsx(
  path: string,
): Promise<{ values: unknown[][]; types: ExcelJS.ValueType[][]; formats: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0]!;
  const values: unknown[][] = [];
  const types: ExcelJS.ValueType[][] = [];
  const formats: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const rowValues: unknown[] = [];
    const rowTypes: ExcelJS.ValueType[] = [];
    const rowFormats: string[] = [];
    for (let col = 1; col <= sheet.columnCount; col += 1) {
      const cell = row.getCell(col);
      rowValues.push(cell.value);
      rowTypes.push(cell.type);
      rowFormats.push(cell.numFmt ?? '');
    }
    values.push(rowValues);
    types.push(rowTypes);
    formats.push(rowFormats);
  });
  return { values, types, formats };
}
