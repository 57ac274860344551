/**
 * The shape of a record-kind registry entry (kinds.ts): what every layer may read of a kind, and how a post
 * body field is checked.
 */

/** How a post body field is checked (`record-kinds.ts` holds the zod schema for each). */
export type PostFieldRule =
  'recordId' | 'ledgerId' | 'postingDate' | 'requiredText' | 'quantity' | 'optionalText' | 'optionalFlag';

/**
 * The type of a list row field (`record-kinds.ts` holds the zod schema for each): a whole number (`id`, and `int?`
 * for a nullable one such as a chosen ledger's id), text, an exact decimal string (money and quantities, decision
 * 007), an instant (`dateTimeString`), or the row's posting status. A `?` allows null (shown as 'N/A').
 */
export type RowFieldType = 'id' | 'int?' | 'text' | 'text?' | 'decimal' | 'decimal?' | 'instant' | 'status';

/** What one writes in kinds.ts for a kind; the registry adds `rowFields` (`RecordKindEntry`). */
export type KindDeclaration = {
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
  /**
   * The View and Post permissions (their names, as roles store them): every start adds a new name to the
   * catalogue (`ALL_PERMISSIONS`) and to the Administrator role.
   */
  readonly permissions: { readonly view: string; readonly post: string };
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
  /** The columns a list row carries, in order, with their types: the zod row schema is built from them. */
  readonly rowTypes: Readonly<Record<string, RowFieldType>>;
  /** The row field holding the record's money amount (the dashboard's totals, the posting history). */
  readonly amountField: 'amount' | 'invoiceAmount' | 'totalAmount';
  /**
   * The row fields the list's `search` matches (case-insensitive substring): the text, money and quantity
   * columns the screen shows as stored, so one trigram index per step holds them all
   * (docs/decisions/013-server-side-lists.md). Dates, status, error and inputs typed on the screen are not
   * searched; dates are found with the date filter.
   */
  readonly searchFields: readonly string[];
  /**
   * The post body: `{ postSap: [entry] }`; the entry's id field and every field's rule (the zod schema is built
   * from them; a field's name in messages comes from `POST_FIELD_LABELS` in kind-fields.ts, else its words).
   */
  readonly post: { readonly idField: string; readonly fields: Readonly<Record<string, PostFieldRule>> };
};

/** A registry entry: the declaration plus its row's field names in order (`Object.keys(rowTypes)`). */
export type RecordKindEntry = KindDeclaration & { readonly rowFields: readonly string[] };
