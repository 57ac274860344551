import type { PermissionName } from './plain.js';

/**
 * The shape of a record-kind registry entry (kinds.ts): what every layer may read of a kind, and how a post
 * body field is checked.
 */

/** How a post body field is checked (`record-kinds.ts` holds the zod schema for each). */
export type PostFieldRule =
  'recordId' | 'ledgerId' | 'postingDate' | 'requiredText' | 'quantity' | 'optionalText' | 'optionalFlag';

export type RecordKindEntry = {
  /** The internal name: the registry key, the server's kinds/<kebab-name>/ folder. */
  readonly name: string;
  /**
   * The stored kind code (2 to 4 capital letters, unique): posting_attempts.kind, and the code inside the
   * idempotency key. The union of codes (`RecordKindCode`) is read from the registry's entries.
   */
  readonly code: string;
  /** The list and post route name: GET/POST /api/v1/{apiName}. */
  readonly apiName: string;
  readonly apiPath: string;
  /** The web screen; the two transporter steps share one screen as two tabs. */
  readonly screen: { readonly path: string; readonly navLabel: string; readonly tab?: string };
  readonly permissions: { readonly view: PermissionName; readonly post: PermissionName };
  /** Singular and plural nouns for messages: 'sales invoice', 'sales invoices'. */
  readonly noun: { readonly one: string; readonly many: string };
  /** docs/spec/product-spec.md section 8: the success toast and the fallback failure toast. */
  readonly messages: { readonly success: string; readonly failure: string };
  /** Posted through the queue (answered 202 'queued') rather than within the request. */
  readonly queued: boolean;
  /** The step that must be posted first (the second journal needs the first). */
  readonly requires?: string;
  /** Where SAP keeps a posting: the entity set and the reference field holding our idempotency key. */
  readonly sap: {
    readonly entity: 'Invoices' | 'JournalEntries';
    readonly referenceField: 'Reference2' | 'Reference3';
  };
  /**
   * The idempotency key is `${keyPrefix}${recordId}`. Journals carry FF-<code>-<id> in Reference3 (27
   * characters); A/R invoices carry the compact FFSI<id> in Reference2, which SAP keeps to 11 characters
   * (docs/decisions/004-idempotency-keys.md).
   */
  readonly keyPrefix: string;
  /** The columns a list row carries, in the zod row schema's order. */
  readonly rowFields: readonly string[];
  /** The row field holding the record's money amount (the dashboard's totals, the posting history). */
  readonly amountField: 'amount' | 'invoiceAmount' | 'totalAmount';
  /**
   * The row fields the list's `search` matches (case-insensitive substring): the text, money and quantity
   * columns the screen shows as stored, so one trigram index per step holds them all
   * (docs/decisions/013-server-side-lists.md). Dates, status, error and inputs typed on the screen are not
   * searched; dates are found with the date filter.
   */
  readonly searchFields: readonly string[];
  /** The post body: `{ postSap: [entry] }`; the entry's id field and every field's rule. */
  readonly post: { readonly idField: string; readonly fields: Readonly<Record<string, PostFieldRule>> };
};
