import { describe, expect, it } from 'vitest';
import { listsChangedBy } from './post-records';
import { recordListKey } from './record-queries';

describe('record queries', () => {
  it('reloads the posted kind’s list and those of the steps that require it', () => {
    expect(listsChangedBy('firstJournal')).toEqual(['firstJournal', 'secondJournal']);
    expect(listsChangedBy('secondJournal')).toEqual(['secondJournal']);
    expect(listsChangedBy('salesInvoice')).toEqual(['salesInvoice']);
    expect(recordListKey('fuelAdvance')).toEqual(['records', 'fuelAdvance']);
  });
});
