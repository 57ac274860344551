import { describe, expect, it } from 'vitest';
import { NO_POSTING_DATE, NO_POSTING_LEDGER, notSelectedMessage } from './not-ready';

describe('notSelectedMessage', () => {
  it('names the one reason', () => {
    expect(notSelectedMessage(Array(148).fill(NO_POSTING_LEDGER), 248)).toBe(
      '148 of 248 not selected: no posting ledger',
    );
  });
  it('counts each reason when there are several, the commonest first', () => {
    expect(notSelectedMessage([NO_POSTING_DATE, NO_POSTING_LEDGER, NO_POSTING_LEDGER], 1250)).toBe(
      '3 of 1,250 not selected: no posting ledger (2), no valid posting date (1)',
    );
  });
});
