import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from './errors.js';

/** The README's error table is documentation people rely on; it must match the catalogue exactly. */
describe('README error table', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Errors'), readme.indexOf('## Persistence'));
  // Rows as [rule, status, code, message], whatever padding prettier gave the columns.
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split(' | ').map((cell) => cell.replace(/^\|?\s*|\s*\|?$/g, '')))
    .filter((cells) => /^\d{3}$/.test(cells[1] ?? ''));
  const documented = rows.map(([, status, code, message]) => `${status} ${code} ${message}`);

  it('has a row per error', () => {
    expect(rows.length).toBe(Object.keys(ERROR_CATALOGUE).length);
  });

  it.each(Object.entries(ERROR_CATALOGUE))('documents %s', (_key, { status, code, text }) => {
    expect(documented).toContain(`${status} ${code} ${text}`);
  });
});
