import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SAP_POSTING_ACCOUNTS } from '../../../config/sap-accounts.js';
import { numberToCents } from '../../../erp/money.js';
import { createServiceLayerClient } from '../../../erp/service-layer-client.js';
import { startTestSimulator, type RunningSimulator } from '../../../test/simulator.js';
import { createPostingRules } from './index.js';

/** The posting rules' documents as SAP takes them: one of each kind posted to the simulator. */
const rules = createPostingRules(DEFAULT_SAP_POSTING_ACCOUNTS);
const dates = { postingDate: '2025-07-01', documentDate: '2025-06-20' };

describe('posting rules against the simulator', () => {
  let sim: RunningSimulator;
  let sap: ReturnType<typeof createServiceLayerClient>;
  beforeAll(async () => {
    sim = await startTestSimulator();
    sap = createServiceLayerClient({ baseUrl: sim.url, credentials: async () => sim.credentials });
  });
  afterAll(async () => {
    await sap.close();
    await sim.close();
  });

  it('produces documents SAP accepts as they are, with the same totals', async () => {
    const documents = [
      rules.salesInvoice({
        key: 'FF-SI-1',
        customerCode: 'C10002',
        amount: '99999.99',
        customerReference: 'CR-1',
        memo: 'Trip 1',
        ...dates,
      }),
      rules.firstJournal({
        key: 'FF-FJ-1',
        amount: '45000.00',
        supplierInvoiceNumber: 'SUP-1',
        memo: 'Trip 1',
        ...dates,
      }),
      rules.secondJournal({
        key: 'FF-SJ-1',
        amount: '45000.00',
        transporterCode: 'T20001',
        supplierInvoiceNumber: 'SUP-1',
        ...dates,
      }),
      rules.cashAdvance({
        key: 'FF-CA-1',
        amount: '2500.50',
        transporterCode: 'T20005',
        pettyCashAccount: '110104',
        ...dates,
      }),
      rules.fuelAdvance({
        key: 'FF-FA-1',
        transporterCode: 'T20006',
        ledgerAccount: '110101',
        collectedQuantity: '120.5',
        unitPrice: '182.37',
        pickupOrderNumber: 'PO-77',
        ...dates,
      }),
      rules.vasTransaction({
        key: 'FF-VAS-1',
        transporterCode: 'T20007',
        supplierCode: 'S30004',
        revenueAccount: '410200',
        costAccount: '510200',
        collectedQuantity: '4',
        sellingUnitPrice: '32000',
        buyingUnitPrice: '28500.5',
        pickupOrderNumber: 'PO-78',
        ...dates,
      }),
    ];
    for (const document of documents) {
      const created = await sap.post<Record<string, unknown>>(document.entity, document.payload);
      if (document.entity === 'Invoices') {
        expect(created.DocTotal).toBe(Number(document.debitTotal));
      } else {
        const lines = created.JournalEntryLines as { Debit: number }[];
        const debit = lines.reduce((sum, l) => sum + numberToCents(l.Debit), 0n);
        expect(debit).toBe(numberToCents(Number(document.debitTotal)));
      }
      expect(
        await sap.findByReference(document.entity, document.referenceField, document.key),
      ).not.toBeNull();
    }
    const stored = await sim.documents();
    expect(stored.invoices).toHaveLength(1);
    expect(stored.journalEntries).toHaveLength(5);
  });
});
