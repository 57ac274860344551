import { afterEach, describe, expect, it } from 'vitest';
import { draftStorageKey, fromSaved, mergeSavedDrafts, readSavedDrafts, toSaved } from './draft-storage';
import { sumAmounts } from './selection-summary';

type Draft = { postingDate: Date | null; pickupOrderNo: string };
const date = new Date(2026, 10, 20, 14, 30);

afterEach(() => sessionStorage.clear());

describe('saved drafts (issue 12: drafts survive)', () => {
  it('keys them per user and screen, and brings a date back as a Date', () => {
    expect(draftStorageKey(7, 'fuelAdvance')).toBe('ff:drafts:7:fuelAdvance');
    const saved = toSaved({ postingDate: date, pickupOrderNo: 'PU-1' });
    const restored = fromSaved<Draft>({ postingDate: new Date(), pickupOrderNo: '' }, saved);
    expect(restored).toEqual({ postingDate: date, pickupOrderNo: 'PU-1' });
  });

  it('keeps touched and selected rows, rows not loaded yet, and drops posted (untouched) ones', () => {
    const previous = {
      drafts: { '9': { pickupOrderNo: 'later' }, '2': { pickupOrderNo: 'old' } },
      selected: ['9'],
    };
    const merged = mergeSavedDrafts<Draft>(previous, {
      drafts: {
        '1': { postingDate: date, pickupOrderNo: 'PU-1' },
        '2': { postingDate: date, pickupOrderNo: 'posted' },
        '3': { postingDate: date, pickupOrderNo: '' },
      },
      selection: { '3': true },
      touched: { '1': true },
    });
    expect(Object.keys(merged.drafts).sort()).toEqual(['1', '3', '9']);
    expect(merged.selected.sort()).toEqual(['3', '9']);
  });

  it('reads nothing from unreadable storage', () => {
    sessionStorage.setItem('ff:drafts:1:x', '{nope');
    expect(readSavedDrafts('ff:drafts:1:x')).toEqual({ drafts: {}, selected: [] });
    expect(readSavedDrafts(null)).toEqual({ drafts: {}, selected: [] });
  });
});

describe('the selection total', () => {
  it('adds decimal amounts exactly, skipping empty ones', () => {
    expect(sumAmounts(['0.10', '0.20', null, '1234567.5', ''])).toBe('1234567.80');
    expect(sumAmounts([])).toBe('0.00');
  });
});
