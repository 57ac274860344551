import { describe, expect, it } from 'vitest';
import { confirmationQuestion, needsConfirmation } from './post-confirmation';

const invoices = { one: 'sales invoice', many: 'sales invoices' };

describe('confirm before posting (issue 26)', () => {
  it('asks for more rows than the rule, or a local total above its amount; never for a foreign total alone', () => {
    const rule = { confirmAboveRows: 50, confirmAboveAmount: null };
    expect(needsConfirmation(rule, 50, [{ currency: null, total: '99999999.00' }])).toBe(false);
    expect(needsConfirmation(rule, 51, null)).toBe(true);
    const byAmount = { confirmAboveRows: 50, confirmAboveAmount: '1000000.00' };
    expect(needsConfirmation(byAmount, 2, [{ currency: null, total: '1000000.00' }])).toBe(false);
    expect(needsConfirmation(byAmount, 2, [{ currency: null, total: '1000000.01' }])).toBe(true);
    // Exact decimals, not floats or text order: 999,999.99 is below 1,000,000.00.
    expect(needsConfirmation(byAmount, 2, [{ currency: null, total: '999999.99' }])).toBe(false);
    expect(needsConfirmation(byAmount, 2, [{ currency: 'USD', total: '5000000.00' }])).toBe(false);
  });

  it('names what goes: the count, the kind and each currency total', () => {
    expect(confirmationQuestion(120, invoices, [{ currency: null, total: '14520000' }])).toBe(
      'Post 120 sales invoices totalling 14,520,000.00 to SAP?',
    );
    expect(
      confirmationQuestion(1_203, invoices, [
        { currency: null, total: '10.5' },
        { currency: 'EUR', total: '1' },
        { currency: 'USD', total: '2500' },
      ]),
    ).toBe('Post 1,203 sales invoices totalling 10.50, EUR 1.00 and USD 2,500.00 to SAP?');
    expect(confirmationQuestion(1, invoices, null)).toBe('Post 1 sales invoice to SAP?');
  });
});
