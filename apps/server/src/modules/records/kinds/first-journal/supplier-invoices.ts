import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { formatDateTime } from '../../../../lib/time.js';
import type { RowRequest } from '../shared/kind-rules.js';
import { transporterInvoices as t } from '../transporter-invoices/table.js';

/**
 * Duplicate supplier invoices (issue 11): a transporter bills each supplier invoice once, so a number already on
 * another first journal of the same transporter (posted, or on its way: posting, queued, being reversed) is
 * flagged on the first-journal tab and refused unless the user confirms it (`allowDuplicateSupplierInvoice`).
 * Numbers compare trimmed and in any case. A post reads the uses inside its claim, under a lock of the number,
 * so two posts of one number at the same moment never both pass.
 */
export type SupplierInvoiceInput = { supplierInvoiceNumber: string; allowDuplicate: boolean };
/** Where a number was used already: the other record's trip and when its first journal was posted. */
export type SupplierInvoiceUse = { tripNumber: string; postedAt: Date | null };
/** Record id -> the other records of its transporter carrying the number its request gives. */
export type SupplierInvoiceUses = Map<number, SupplierInvoiceUse[]>;

const USED = ['posted', 'posting', 'queued', 'reversing'] as const;
const normalised = (value: string) => value.trim().toLowerCase();
const storedNumber = sql<string>`lower(trim(${t.supplierInvoiceNumber}))`;

/** The first journals of these transporters that carry one of these numbers and stand (or are on their way). */
async function usesOf(db: Db, transporterCodes: string[], numbers: string[]) {
  if (!transporterCodes.length || !numbers.length) return [];
  return db
    .select({
      id: t.id,
      transporterCode: t.transporterCode,
      number: storedNumber,
      tripNumber: t.tripNumber,
      postedAt: t.fjPostedAt,
    })
    .from(t)
    .where(
      and(
        inArray(t.transporterCode, transporterCodes),
        inArray(storedNumber, numbers),
        inArray(t.fjStatus, [...USED]),
      ),
    )
    .orderBy(t.id);
}

/**
 * Takes the claim's lock of each (transporter, number) pair, held until the claiming transaction ends: two
 * claims of one number for one transporter run one after the other, so the second reads the first's claim.
 * The key is `hashtextextended('ff:supplier-invoice:<transporter code>:<normalised number>', 0)` (a collision
 * only makes two claims wait for each other); the locks are taken in the order of their keys, the same in every
 * transaction, so two claims never wait on each other in a cycle.
 */
async function lockNumbers(tx: Db, pairs: { transporterCode: string; number: string }[]) {
  if (!pairs.length) return;
  const names = pairs.map((p) => sql`${`ff:supplier-invoice:${p.transporterCode}:${p.number}`}`);
  // The sorted subquery is not flattened: its rows, thus the locks, come in key order.
  await tx.execute(sql`
    SELECT pg_advisory_xact_lock(held.key)
    FROM (
      SELECT DISTINCT hashtextextended(name, 0) AS key
      FROM unnest(ARRAY[${sql.join(names, sql`, `)}]::text[]) AS name
      ORDER BY key
    ) AS held`);
}

/**
 * For each requested row, where its number is used already: on another record of the transporter, or on a
 * row earlier in the same request (two rows of one request may not both take the number unconfirmed). Runs in
 * the claiming transaction, the rows locked (the kind's `prefetchInClaim`): it locks the numbers first
 * (`lockNumbers`), also those the user confirmed, which are claimed all the same, then reads.
 */
export async function supplierInvoiceUses(
  tx: Db,
  requests: RowRequest<SupplierInvoiceInput>[],
): Promise<SupplierInvoiceUses> {
  const uses: SupplierInvoiceUses = new Map();
  if (!requests.length) return uses;
  const asked = requests;
  const rows = await tx
    .select({ id: t.id, transporterCode: t.transporterCode, tripNumber: t.tripNumber })
    .from(t)
    .where(
      inArray(
        t.id,
        asked.map((r) => r.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  await lockNumbers(
    tx,
    asked.flatMap((r) => {
      const row = byId.get(r.id);
      return row
        ? [{ transporterCode: row.transporterCode, number: normalised(r.input.supplierInvoiceNumber) }]
        : [];
    }),
  );
  if (asked.every((r) => r.input.allowDuplicate)) return uses;
  const others = await usesOf(
    tx,
    [...new Set(rows.map((row) => row.transporterCode))],
    [...new Set(asked.map((r) => normalised(r.input.supplierInvoiceNumber)))],
  );
  const earlier = new Map<string, SupplierInvoiceUse>();
  for (const request of asked) {
    const row = byId.get(request.id);
    if (!row) continue;
    const number = normalised(request.input.supplierInvoiceNumber);
    const key = `${row.transporterCode}\u0000${number}`;
    const found: SupplierInvoiceUse[] = others
      .filter((o) => o.id !== row.id && o.transporterCode === row.transporterCode && o.number === number)
      .map((o) => ({ tripNumber: o.tripNumber, postedAt: o.postedAt as Date | null }));
    const before = earlier.get(key);
    if (before) found.push(before);
    if (found.length) uses.set(row.id, found);
    if (!earlier.has(key)) earlier.set(key, { tripNumber: row.tripNumber, postedAt: null });
  }
  return uses;
}

/** The refusal of a row whose number is used already, unless the user confirmed it. */
export function duplicateSupplierInvoiceProblem(
  request: RowRequest<SupplierInvoiceInput>,
  uses: SupplierInvoiceUses | undefined,
): string | null {
  if (request.input.allowDuplicate) return null;
  const used = uses?.get(request.id);
  if (!used?.length) return null;
  const trips = [...new Set(used.map((u) => u.tripNumber))];
  const named =
    trips.length > 3 ? `${trips.slice(0, 3).join(', ')} and ${trips.length - 3} more` : trips.join(', ');
  return (
    `supplier invoice ${request.input.supplierInvoiceNumber.trim()} is already used for this transporter on ` +
    `${named}; confirm to post it anyway.`
  );
}

/**
 * The first-journal tab's check while the number is typed (`GET .../supplier-invoice-check`): where this number
 * is used on another record of the transporter of `recordId`; null when the record does not exist.
 */
export async function supplierInvoiceCheck(
  db: Db,
  recordId: number,
  number: string,
  timeZone: string,
): Promise<{ tripNumber: string; postedAt: string | null }[] | null> {
  const [row] = await db
    .select({ transporterCode: t.transporterCode })
    .from(t)
    .where(inArray(t.id, [recordId]));
  if (!row) return null;
  const others = await usesOf(db, [row.transporterCode], [normalised(number)]);
  return others
    .filter((o) => o.id !== recordId)
    .map((o) => ({
      tripNumber: o.tripNumber,
      postedAt: o.postedAt ? formatDateTime(o.postedAt as Date, timeZone) : null,
    }));
}
