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
 * The VAT group a row's document carries: the record's, else its customer's in SAP; when SAP cannot be asked, none
 * (the document goes as the spec's, and SAP applies the customer's own group itself).
 */
const vatGroupOf = async (deps: KindDeps, row: Pick<Row, 'vatGroup' | 'customerCode'>) =>
  row.vatGroup ?? (await deps.vat.partner(row.customerCode).catch(() => null));

/** What a claim checks the rows' VAT groups with: each row's group, and SAP's groups; empty when SAP could not say. */
type VatCheck = { byId: Map<number, string | null>; groups: Map<string, SapVatGroup> | null };

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
    for (const row of rows) check.byId.set(row.id, row.vatGroup ?? own.get(row.customerCode) ?? null);
    if ([...check.byId.values()].some(Boolean)) check.groups = await deps.vat.groups({ fresh: true });
  } catch {
    // SAP could not say: the rows go on, and SAP checks the group itself.
  }
  return check;
}

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
    check: (row, _request, vat) => {
      const code = vat.byId.get(row.id);
      return (
        (code && vat.groups && outputVatProblem(vat.groups, code)) || amountProblem(row.amount, 'amount')
      );
    },
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
