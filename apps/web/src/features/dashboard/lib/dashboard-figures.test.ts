import { RECORD_KIND_NAMES } from '@ff/contract/plain';
import { describe, expect, it } from 'vitest';
import { KIND_COLORS, KIND_LABELS } from './dashboard-figures';

describe('the dashboard names and colours of the kinds, from the registry', () => {
  it('names each kind as its card does, the transporter steps by their code', () => {
    // Every kind has a label; the spec's six read as their cards do (a kind added beside them keeps its own).
    for (const name of RECORD_KIND_NAMES) expect(KIND_LABELS[name], name).toBeTruthy();
    expect(KIND_LABELS).toMatchObject({
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
