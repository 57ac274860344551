/** OData helpers for Service Layer URLs: literals, query strings, resource names and server-driven paging. */

/** An OData string literal: single quotes, a quote inside doubled (`O'Brien` -> `'O''Brien'`). */
export function odataString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Entity sets and property names are plain identifiers; anything else is a programming error. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
export function assertIdentifier(name: string, what: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`${what} '${name}' is not a Service Layer identifier`);
  return name;
}

export type ODataQuery = Readonly<Record<string, string | number | undefined>>;

/**
 * `{$filter: "Reference3 eq 'FF-1'", $select: 'JdtNum'}` -> `$filter=Reference3%20eq%20'FF-1'&$select=JdtNum`.
 * Spaces become %20 (the Service Layer reads `+` as a literal plus).
 */
export function queryString(query: ODataQuery | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    parts.push(`${encodeURIComponent(key).replace(/%24/g, '$')}=${encodeURIComponent(String(value))}`);
  }
  return parts.join('&');
}

/** A collection page in either dialect: v1 `odata.nextLink`, v2 `@odata.nextLink`. */
export type CollectionPage<T> = { value: T[]; nextLink: string | undefined };

export function collectionPage<T>(body: unknown): CollectionPage<T> | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  if (!Array.isArray(record.value)) return undefined;
  const next = record['@odata.nextLink'] ?? record['odata.nextLink'];
  return { value: record.value as T[], nextLink: typeof next === 'string' && next !== '' ? next : undefined };
}

/** The resource name of a path, for logs and errors: `JournalEntries(12)/Cancel?x` -> `JournalEntries(12)/Cancel`. */
export const resourceOf = (path: string) => path.split('?', 1)[0] ?? path;

/** `path` with the query string of `query` appended (after `?`, or `&` when it has one already). */
export function withQuery(path: string, query?: ODataQuery): string {
  const qs = queryString(query);
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}
