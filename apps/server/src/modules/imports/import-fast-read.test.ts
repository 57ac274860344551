import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATES, NUMBER_TEXTS, number, text } from '../../test/fuzz-values.js';
import { generateDemoData } from '../demo-data/demo-generator.js';
import { UNSURE } from './import-fields.js';
import { IMPORT_KINDS, importRowReaders, importRowSchemas, type ImportKind } from './import-schemas.js';

/**
 * The fast readers (import-fields.ts) answer, for any row they vouch for, exactly what the zod schemas answer,
 * so an import reads the same rows whichever path a row takes; and they vouch for the rows a transport
 * management system sends, or imports at volume would gain nothing.
 */
const TIME_ZONE = 'Africa/Nairobi';
const schemas = importRowSchemas(TIME_ZONE);
const readers = importRowReaders(TIME_ZONE);
const demo = generateDemoData({ count: 200, seed: 'fast-read', today: '2026-03-15', timeZone: TIME_ZONE });

/** Values of the shapes the fields take, near misses of each, and anything at all. */
const FIELD_VALUES = [
  '2026-03-14',
  '2026-03-14T08:30',
  '2026-03-14 08:30:00.123+03:00',
  '2026-03-14T08:30:00Z',
  '2026-03-14T08:30:00+0300',
  '2026-03-14T08:30:00+03',
  '2026-03-14t08:30:00z',
  '1999-12-31',
  ...DATES,
  '12,500.50',
  '1.005',
  ' 7 ',
  '.5',
  '-0',
  '-0.00',
  '1e5',
  ...NUMBER_TEXTS,
  'CSQU3054383',
  'csqu 305438-3',
  'CSQU3054384',
  'CSQU 3054383/',
  '20',
  "40'",
  '40 feet',
  '45ft',
  '40FT',
  'Fuel',
  'fuel',
  'C10001',
  'C 10001',
  'x'.repeat(16),
  'x'.repeat(201),
  '  padded  ',
  '',
  '   ',
  '\u00a0',
  '\u0000',
];

/** A demo row of `kind` with up to three fields (or a missing one) replaced by the values above, or anything. */
const rowOf = (kind: ImportKind) => {
  const rows = demo[kind] as Record<string, unknown>[];
  const fields = Object.keys(schemas[kind].shape);
  const replacement = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...FIELD_VALUES) },
    { weight: 1, arbitrary: text },
    { weight: 1, arbitrary: number },
    { weight: 1, arbitrary: fc.constantFrom(null, undefined, true, {}, []) },
  );
  return fc
    .tuple(
      fc.constantFrom(...rows),
      fc.array(fc.tuple(fc.constantFrom(...fields), replacement), { maxLength: 3 }),
      fc.option(fc.constantFrom(...fields), { nil: undefined }),
    )
    .map(([row, changes, missing]) => {
      const changed: Record<string, unknown> = { ...row, ...Object.fromEntries(changes) };
      if (missing) delete changed[missing];
      return changed;
    });
};

describe('fast row readers', () => {
  it.each(IMPORT_KINDS)('%s: a row read fast is the row zod reads, value for value', (kind) => {
    const reader = readers[kind]!;
    expect(reader).not.toBeNull();
    let vouched = 0;
    fc.assert(
      fc.property(rowOf(kind), (row) => {
        const fast = reader(row);
        if (fast === UNSURE) return;
        vouched += 1;
        const result = schemas[kind].safeParse(row);
        expect(result.success).toBe(true);
        expect(fast).toStrictEqual(result.data);
      }),
      { numRuns: 3_000 },
    );
    // The generator reaches the fast path, or the property would hold vacuously.
    expect(vouched).toBeGreaterThan(500);
  });

  it.each(IMPORT_KINDS)('%s: every demo row is read fast, as zod reads it', (kind) => {
    for (const row of demo[kind] as Record<string, unknown>[]) {
      const fast = readers[kind]!(row);
      expect(fast).not.toBe(UNSURE);
      expect(fast).toStrictEqual(schemas[kind].parse(row));
    }
  });
});
