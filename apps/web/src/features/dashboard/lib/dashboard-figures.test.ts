import { RECORD_KIND_NAMES } from '@ff/contract/plain';
import { describe, expect, it } from 'vitest';
import { KIND_COLORS, KIND_LABELS } from './dashboard-figures';

describe('the dashboard names and colours of the kinds, from the registry', () => {
  it('names each kind as its card does, the transporter steps by their code', () => {
    expect(KIND_LABELS).toEqual({
      salesInvoice: 'Sales Invoices',
      firstJournal: 'Transporter Invoices (FJ)',
      secondJournal: 'Transporter Invoices (SJ)',
      cashAdvance: 'Cash Advance',
      fuelAdvance: 'Fuel Advance',
      vasTransaction: 'VAS Transactions',
    });
  });

  it('gives every kind a colour of its own', () => {
    const colours = RECORD_KIND_NAMES.map((name) => KIND_COLORS[name]);
    expect(colours.every(Boolean)).toBe(true);
    expect(new Set(colours).size).toBe(RECORD_KIND_NAMES.length);
  });
});
