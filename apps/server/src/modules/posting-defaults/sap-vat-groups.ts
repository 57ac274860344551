import type { SapVatGroupOption } from '@ff/contract';
import { isSapError } from '../../erp/sap-error.js';
import type { SapVatGroup } from '../../erp/sap-gateway.js';
import type { ServiceLayerClient } from '../../erp/service-layer-client.js';
import { reasonOf } from '../../lib/errors.js';

/** SAP could not be asked for its VAT groups (not reachable, login refused, not set up): answered 503. */
export class VatGroupsUnavailable extends Error {
  constructor(
    readonly reason: string,
    consequence = 'Try again in a moment.',
  ) {
    super(`SAP's VAT groups could not be read: ${reason.replace(/\.$/, '')}. ${consequence}`);
    this.name = 'VatGroupsUnavailable';
  }
}

type SapRow = {
  Code?: unknown;
  Name?: unknown;
  Category?: unknown;
  Inactive?: unknown;
  VatGroups_Lines?: { Effectivefrom?: unknown; Rate?: unknown }[] | null;
};

/** A VAT group as the picker shows it and the save checks it. */
export type VatGroupDetail = SapVatGroup & SapVatGroupOption;

/** The rate in force on `day` (yyyy-MM-dd): the line with the latest `Effectivefrom` not after it; null if none. */
function rateOn(lines: SapRow['VatGroups_Lines'], day: string): number | null {
  let found: { from: string; rate: number } | null = null;
  for (const line of lines ?? []) {
    const from = String(line.Effectivefrom ?? '').slice(0, 10);
    if (typeof line.Rate !== 'number' || from > day) continue;
    if (!found || from >= found.from) found = { from, rate: line.Rate };
  }
  return found?.rate ?? null;
}

/**
 * SAP's VAT groups (`VatGroups`) with their names and today's rates, read as the SAP gateway reads them for
 * posting (`erp/sap-gateway-adapter.ts` `vatGroups`: a category other than input is output, `Inactive` tYES is
 * inactive), so the save checks a code as a post would. Throws VatGroupsUnavailable when SAP cannot be asked.
 */
export async function readSapVatGroups(sap: ServiceLayerClient, today: string): Promise<VatGroupDetail[]> {
  let rows: SapRow[];
  try {
    rows = await sap.getAll<SapRow>('VatGroups', { $select: 'Code,Name,Category,Inactive,VatGroups_Lines' });
  } catch (error) {
    throw new VatGroupsUnavailable(isSapError(error) ? error.userMessage : reasonOf(error));
  }
  return rows.map((row) => ({
    code: String(row.Code ?? ''),
    name: typeof row.Name === 'string' ? row.Name : '',
    category: row.Category === 'bovcInputTax' ? 'input' : 'output',
    active: row.Inactive !== 'tYES',
    rate: rateOn(row.VatGroups_Lines, today),
  }));
}
