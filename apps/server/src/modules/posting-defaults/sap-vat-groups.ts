import type { SapVatGroupOption } from '@ff/contract';
import type { SapGateway, SapVatGroup } from '../../erp/sap-gateway.js';
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

/** A VAT group as the picker shows it and the save checks it. */
export type VatGroupDetail = SapVatGroup & SapVatGroupOption;

/** The rate in force on `day` (yyyy-MM-dd): the one with the latest `from` not after it; null if none. */
function rateOn(rates: SapVatGroup['rates'], day: string): number | null {
  let found: { from: string; rate: number } | null = null;
  for (const line of rates ?? []) {
    if (line.from > day) continue;
    if (!found || line.from >= found.from) found = line;
  }
  return found?.rate ?? null;
}

/**
 * SAP's VAT groups with their names and today's rates, read through the SAP gateway as posting reads them
 * (`vatGroups`), so the save checks a code as a post would. Throws VatGroupsUnavailable when SAP cannot be asked.
 */
export async function readSapVatGroups(sap: SapGateway, today: string): Promise<VatGroupDetail[]> {
  let groups: SapVatGroup[];
  try {
    groups = await sap.vatGroups();
  } catch (error) {
    throw new VatGroupsUnavailable(reasonOf(error));
  }
  return groups.map((group) => ({ ...group, name: group.name ?? '', rate: rateOn(group.rates, today) }));
}
