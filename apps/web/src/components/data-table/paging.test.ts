import { describe, expect, it } from 'vitest';
import { clampPageIndex, countSelected, pageCount, selectedText, showingText } from './paging';

describe('paging', () => {
  it('counts pages as filtered rows / page size, rounded up', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(10_000, 100)).toBe(100);
    expect(pageCount(10_001, 100)).toBe(101);
  });

  it('keeps the 0-based page index inside the existing pages', () => {
    expect(clampPageIndex(5, 25, 10)).toBe(2);
    expect(clampPageIndex(1, 25, 10)).toBe(1);
    expect(clampPageIndex(3, 0, 10)).toBe(0);
    expect(clampPageIndex(-1, 25, 10)).toBe(0);
  });

  it('writes the counters', () => {
    expect(showingText(10, 25)).toBe('Showing 10 of 25 records');
    expect(showingText(100, 12345)).toBe('Showing 100 of 12,345 records');
    expect(selectedText(0, 25)).toBeNull();
    expect(selectedText(3, 25)).toBe('3 of 25 records selected');
  });

  it('counts the selected ids among the given rows', () => {
    expect(countSelected(['1', '2', '3'], { '1': true, '3': true, '9': true, '2': false })).toBe(2);
  });
});
