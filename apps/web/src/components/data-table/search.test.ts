import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, filterBySearch, getSearchAccessors, normalizeQuery, searchText } from './search';

type Trip = { id: number; route: string; truck: { plate: string }; amount: number | null; note?: string };
const column = createColumnHelper<Trip>();
const columns: ColumnDef<Trip, any>[] = [
  column.accessor('route', { header: 'Route' }),
  { accessorKey: 'truck.plate', header: 'Truck' },
  column.accessor((row) => (row.amount === null ? 'N/A' : row.amount.toFixed(2)), {
    id: 'amount',
    header: 'Amount',
  }),
  column.accessor('note', { header: 'Note', enableGlobalFilter: false }),
  column.display({ id: 'actions', header: 'Actions' }),
];
const trips: Trip[] = [
  { id: 1, route: 'Mombasa - Nairobi', truck: { plate: 'KDA 123B' }, amount: 1500, note: 'secret' },
  { id: 2, route: 'Nairobi - Kampala', truck: { plate: 'KCB 456Z' }, amount: null },
  { id: 3, route: 'Kigali - Mombasa', truck: { plate: 'KDD 789X' }, amount: 99.5 },
];

describe('search', () => {
  const index = buildSearchIndex(trips, getSearchAccessors(columns));

  it('reads accessor keys (nested too) and accessor functions, skipping display and opted-out columns', () => {
    expect(getSearchAccessors(columns)).toHaveLength(3);
    expect(index[0]).toContain('kda 123b');
    expect(index[0]).toContain('1500.00');
    expect(index[0]).not.toContain('secret');
  });

  it('matches a case-insensitive substring of any cell', () => {
    expect(filterBySearch(trips, index, 'MOMBASA').map((t) => t.id)).toEqual([1, 3]);
    expect(filterBySearch(trips, index, 'kcb 4').map((t) => t.id)).toEqual([2]);
    expect(filterBySearch(trips, index, 'n/a').map((t) => t.id)).toEqual([2]);
    expect(filterBySearch(trips, index, 'nowhere')).toEqual([]);
  });

  it('returns the same array for an empty query and ignores surrounding spaces', () => {
    expect(filterBySearch(trips, index, '   ')).toBe(trips);
    expect(filterBySearch(trips, index, '  kigali ').map((t) => t.id)).toEqual([3]);
    expect(normalizeQuery('  AbC ')).toBe('abc');
  });

  it('never matches across two cells', () => {
    // "Nairobi" ends the route of trip 1 and "KDA" starts its plate.
    expect(filterBySearch(trips, index, 'nairobikda')).toEqual([]);
  });

  it('stringifies values', () => {
    expect(searchText(null)).toBe('');
    expect(searchText(undefined)).toBe('');
    expect(searchText(12.5)).toBe('12.5');
    expect(searchText(true)).toBe('true');
    expect(searchText(['a', 'b'])).toBe('a b');
    expect(searchText({ a: 1 })).toBe('');
  });

  it('filters 10,000 rows quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      id: i,
      route: `Route ${i}`,
      truck: { plate: `KDA ${i}X` },
      amount: i,
    }));
    const started = performance.now();
    const bigIndex = buildSearchIndex(many, getSearchAccessors(columns));
    const hits = filterBySearch(many, bigIndex, 'kda 999');
    expect(performance.now() - started).toBeLessThan(500);
    expect(hits.length).toBe(11); // 999 and 9990..9999
  });
});
