import { describe, expect, it } from 'vitest';
import { JOURNAL_ENTRY } from '../entities.js';
import { SapError } from '../errors.js';
import type { EntityRecord } from '../records.js';
import { compileFilter } from './filter.js';

const rows: EntityRecord[] = [
  {
    JdtNum: 1,
    ReferenceDate: '2026-01-05',
    Memo: "O'Brien fuel",
    Reference3: 'FF-SJ-1',
    OriginalJournal: 'ttJournalEntry',
  },
  {
    JdtNum: 2,
    ReferenceDate: '2026-02-05',
    Memo: null,
    Reference3: 'FF-SJ-2',
    OriginalJournal: 'ttJournalEntry',
  },
  {
    JdtNum: 3,
    ReferenceDate: '2026-03-05',
    Memo: 'Tyres',
    Reference3: null,
    OriginalJournal: 'ttJournalEntry',
  },
];
const run = (filter: string) => rows.filter(compileFilter(filter, JOURNAL_ENTRY)).map((r) => r.JdtNum);

describe('compileFilter', () => {
  it.each([
    ["Reference3 eq 'FF-SJ-1'", [1]],
    ["Reference3 ne 'FF-SJ-1'", [2, 3]],
    ['JdtNum gt 1 and JdtNum le 3', [2, 3]],
    ['JdtNum lt 2 or JdtNum ge 3', [1, 3]],
    ['not (JdtNum eq 2)', [1, 3]],
    ['(JdtNum eq 1 or JdtNum eq 2) and Memo eq null', [2]],
    ['Reference3 eq null', [3]],
    ['Memo ne null', [1, 3]],
    ["Memo eq 'O''Brien fuel'", [1]],
    ["startswith(Reference3,'FF-SJ')", [1, 2]],
    ["endswith(Memo,'fuel') eq false", [2, 3]],
    ["substringof('yre',Memo)", [3]],
    ["ReferenceDate ge '2026-02-01'", [2, 3]],
    ['ReferenceDate lt 2026-02-05T00:00:00Z', [1]],
    ["ReferenceDate eq datetime'2026-03-05T00:00:00'", [3]],
    ['2 eq JdtNum', [2]],
    ["OriginalJournal eq 'ttJournalEntry' and JdtNum eq -1", []],
    ["  Reference3   eq   'FF-SJ-2'  ", [2]],
  ])('%s', (filter, expected) => {
    expect(run(filter)).toEqual(expected);
  });

  it.each([
    ["Reference3 eq 'x", /unterminated string literal/],
    ['Reference3 eq', /expected a property or a value but found end of expression/],
    ["Reference3 == 'x'", /unexpected character '='/],
    ["Colour eq 'x'", /property 'Colour' of 'JournalEntry' cannot be filtered on/],
    ["JournalEntryLines eq 'x'", /cannot be filtered on/],
    ["JdtNum eq '1'", /cannot be compared with JdtNum/],
    ['Memo eq 5', /cannot be compared with Memo/],
    ["ReferenceDate eq '2026-02-30'", /cannot be compared with ReferenceDate/],
    ["OriginalJournal eq 'ttNothing'", /is not a value of TransTypesEnum/],
    ['JdtNum eq 1 and', /end of expression/],
    ['(JdtNum eq 1', /expected '\)'/],
    ['JdtNum eq 1)', /unexpected '\)'/],
    ["startswith(JdtNum,'1')", /needs a text property/],
    ["startswith(Memo,'a') eq 'yes'", /only be compared with true or false/],
    ['1 eq 1', /needs at least one property/],
    ['', /the expression is empty/],
  ])('refuses %j', (filter, message) => {
    let thrown: unknown;
    try {
      compileFilter(filter, JOURNAL_ENTRY);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SapError);
    expect((thrown as SapError).status).toBe(400);
    expect((thrown as SapError).message).toMatch(message);
  });
});
