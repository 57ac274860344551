import { inArray } from 'drizzle-orm';
import type { SapVatGroup } from '../../../../erp/sap-gateway.js';
import type { PostingRequest, RowRequest } from '../shared/kind-rules.js';
import { outputVatProblem } from '../shared/vat-groups.js';
import { requestsOf, stepColumnsOf, type KindDeps, type ServerKind } from '../shared/kind.js';
import { stepList } from '../shared/list.js';
import { amountProblem, documentCommon } from '../shared/rules.js';
import { salesInvoiceDemo, salesInvoiceImport } from './import.js';
import { salesInvoiceDocument, type SalesInvoiceInput } from './sap-document.js';
import { salesInvoices as t } from './table.js';

export { salesInvoices } from './table.js';

type Row = typeof t.$inferSelect;

/**
 * The VAT group a row's document carries: the record's, else its customer's in SAP, else the default of Settings >
 * Posting defaults, else none. When SAP cannot say the customer's group: without a default, none (the document
 * goes as the spec's, and SAP applies the customer's own group itself); with one, the row is not sent (throws),
 * as the default may not be what the customer's own group would have been.
 */
async function vatGroupOf(deps: KindDeps, row: Pick<Row, 'vatGroup' | 'customerCode'>) {
  if (row.vatGroup) return row.vatGroup;
  const fallback = await deps.vat.fallback();
  if (!fallback) return deps.vat.partner(row.customerCode).catch(() => null);
  return (await deps.vat.partner(row.customerCode)) ?? fallback;
}

/** A row's VAT group as the claim checks it: its code, and whether it is the default (the refusal says so). */
type ChosenVat = { code: string; isDefault: boolean };
/** What a claim checks the rows' VAT groups with: each row's group, and SAP's groups; empty when SAP could not say. */
type VatCheck = { byId: Map<number, ChosenVat | null>; groups: Map<string, SapVatGroup> | null };

/** Reads the requested rows' VAT groups and SAP's groups before the claim (only when a row has one). */
async function readVat(deps: KindDeps, requests: RowRequest[]): Promise<VatCheck> {
  const check: VatCheck = { byId: new Map(), groups: null };
  try {
    const rows = await deps.db
      .select({ id: t.id, vatGroup: t.vatGroup, customerCode: t.customerCode })
      .from(t)
      .where(
        inArray(
          t.id,
          requests.map((r) => r.id),
        ),
      );
    // Each customer's own group once, all at once (a row without its own group takes its customer's).
    const customers = [...new Set(rows.filter((r) => !r.vatGroup).map((r) => r.customerCode))];
    const own = new Map(
      await Promise.all(
        customers.map(async (code) => [code, await deps.vat.partner(code, { fresh: true })] as const),
      ),
    );
    // ... else the default (Settings > Posting defaults), read afresh (and so kept for the documents).
    const fallback = customers.length ? await deps.vat.fallback({ fresh: true }) : null;
    for (const row of rows) {
      const code = row.vatGroup ?? own.get(row.customerCode) ?? null;
      if (code) check.byId.set(row.id, { code, isDefault: false });
      else check.byId.set(row.id, fallback ? { code: fallback, isDefault: true } : null);
    }
    if ([...check.byId.values()].some(Boolean)) check.groups = await deps.vat.groups({ fresh: true });
  } catch {
    // SAP could not say: the rows go on, and SAP checks the group itself.
  }
  return check;
}

/** Why SAP would refuse the row's VAT group, naming the default as such; null when it would not (or SAP could not say). */
const vatProblem = (vat: VatCheck, id: number) => {
  const chosen = vat.byId.get(id);
  if (!chosen || !vat.groups) return null;
  const what = chosen.isDefault
    ? `the default VAT group ${chosen.code} (Settings > Posting defaults)`
    : `the VAT group ${chosen.code}`;
  return outputVatProblem(vat.groups, chosen.code, what);
};

/** Sales invoice -> A/R service invoice to the customer, freight revenue line. */
const document = (deps: KindDeps) => async (row: Row, request: PostingRequest, key: string) =>
  salesInvoiceDocument(
    {
      vatGroup: (await vatGroupOf(deps, row)) ?? undefined,
      ...documentCommon(row, request, key, deps.timeZone),
      customerCode: row.customerCode,
      amount: String(row.amount),
      customerReference: row.clientRef ?? row.cargoRef ?? undefined,
      lineDescription: [
        `Freight ${row.route ?? ''}`.trim(),
        row.containerNumber ? `container ${row.containerNumber}` : '',
      ]
        .filter(Boolean)
        .join(', '),
    },
    deps.accounts,
  );

export const kind = {
  name: 'salesInvoice',
  table: t,
  columns: stepColumnsOf(t),
  list: stepList('salesInvoice', t, t),
  requests: requestsOf('salesInvoice', () => ({})),
  rules: (deps) => ({
    prefetch: (requests) => readVat(deps, requests),
    check: (row, _request, vat) => vatProblem(vat, row.id) || amountProblem(row.amount, 'amount'),
    document: document(deps),
  }),
  sapDocument: salesInvoiceDocument,
  import: salesInvoiceImport,
  demo: salesInvoiceDemo,
} satisfies ServerKind<'salesInvoice', typeof t, object, VatCheck, SalesInvoiceInput>;

declare module '../shared/kind.js' {
  interface ServerKindRegistry {
    salesInvoice: typeof kind;
  }
}
