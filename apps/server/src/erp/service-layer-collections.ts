import { unreadableReply } from './classify.js';
import {
  assertIdentifier,
  collectionPage,
  odataString,
  resourceOf,
  withQuery,
  type ODataQuery,
} from './odata.js';
import { CLIENT_CODES, SapError } from './sap-error.js';
import type { SapLogger } from './sap-session.js';
import type { CallOptions } from './service-layer-options.js';
import type { Reply } from './transport.js';

/**
 * Reading lists through the Service Layer client (service-layer-client.ts): every page of a collection, and
 * the look-up of the document we posted under a reference.
 *
 * DOCUMENT_KEYS: the document sets we post, their keys, and what findByReference answers.
 */
export const DOCUMENT_KEYS = {
  JournalEntries: ['JdtNum', 'Number'],
  Invoices: ['DocEntry', 'DocNum'],
  PurchaseInvoices: ['DocEntry', 'DocNum'],
} as const;
export type DocumentEntity = keyof typeof DOCUMENT_KEYS;
export type DocumentKeys<E extends DocumentEntity> = { [K in (typeof DOCUMENT_KEYS)[E][number]]: number };

const MAX_PAGES = 10_000;

/** One GET of a page (the first one, or a next link), as the client's call answers it. */
export type PageRead = (path: string) => Promise<{ reply: Reply; json: unknown }>;

/**
 * Every item of the collection at `path`, following `odata.nextLink` / `@odata.nextLink` with `readPage`. A
 * list whose links never end or come round again fails as `unavailable`; a page that is not a collection, as
 * unreadable.
 */
export async function readAllPages<T>(
  readPage: PageRead,
  path: string,
  query: ODataQuery | undefined,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let next: string | undefined = withQuery(path, query);
  for (let pages = 0; next !== undefined; pages += 1) {
    if (pages >= MAX_PAGES || seen.has(next)) {
      throw new SapError({
        kind: 'unavailable',
        status: null,
        code: CLIENT_CODES.unreadable,
        operation: `GET ${resourceOf(path)}`,
        message: 'SAP Business One kept answering with more pages; the list was not read to the end.',
      });
    }
    seen.add(next);
    const { reply, json } = await readPage(next);
    const page = collectionPage<T>(json);
    if (!page) throw unreadableReply('read', `GET ${resourceOf(path)}`, reply.status);
    items.push(...page.value);
    next = page.nextLink;
  }
  return items;
}

/** The client's getAll, as the look-up below uses it. */
type GetAll = <T>(path: string, query?: ODataQuery, options?: CallOptions) => Promise<T[]>;

/**
 * The keys of the document whose reference field holds our idempotency key, or null when SAP has none.
 * Several matches (a reversal copies the references) answer the oldest, which is the original posting.
 */
export async function findDocumentByReference<E extends DocumentEntity>(
  getAll: GetAll,
  logger: SapLogger,
  lookUp: { entity: E; field: string; key: string },
  options?: CallOptions,
): Promise<DocumentKeys<E> | null> {
  const { entity, field, key } = lookUp;
  const keys = DOCUMENT_KEYS[entity];
  const rows = await getAll<DocumentKeys<E>>(
    assertIdentifier(entity, 'Entity set'),
    {
      $filter: `${assertIdentifier(field, 'Property')} eq ${odataString(key)}`,
      $select: keys.join(','),
      $orderby: `${keys[0]} asc`,
    },
    options,
  );
  if (rows.length > 1)
    logger.warn(
      { entity, field, key, matches: rows.length },
      'Several SAP documents carry the same reference',
    );
  const first = rows[0];
  return first
    ? (Object.fromEntries(keys.map((k) => [k, (first as Record<string, unknown>)[k]])) as DocumentKeys<E>)
    : null;
}
