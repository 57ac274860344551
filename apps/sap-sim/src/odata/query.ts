import type { EntityTypeDef } from '../entities.js';
import { sapError } from '../errors.js';
import type { EntityRecord } from '../records.js';
import { compileFilter, type FilterFn } from './filter.js';

/** $filter, $select, $orderby, $top, $skip on a collection, and server-driven paging like the Service Layer. */
export interface ParsedQuery {
  filter?: FilterFn;
  select?: string[];
  orderBy: Array<{ property: string; descending: boolean }>;
  top?: number;
  skip: number;
  /** $filter / $select / $orderby exactly as received, carried into nextLink. */
  carried: Array<[string, string]>;
}

export const DEFAULT_PAGE_SIZE = 20;
const SUPPORTED = ['$filter', '$select', '$orderby', '$top', '$skip'];

const invalid = (option: string, detail: string) => sapError('invalidQuery', { option, detail });

/**
 * Splits the raw query string. `+` stays a literal plus (RFC 3986), it is not a space: a client must
 * percent-encode spaces as %20, as fetch and URL do.
 */
export function splitQuery(search: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const [rawKey, rawValue] = eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
    try {
      pairs.push([decodeURIComponent(rawKey), decodeURIComponent(rawValue)]);
    } catch {
      throw invalid(rawKey, 'the value is not valid percent-encoding');
    }
  }
  return pairs;
}

function checkProperty(type: EntityTypeDef, option: string, name: string, allowLines: boolean): string {
  const def = type.properties[name];
  if (!def || (!allowLines && def.type === 'lines')) {
    throw invalid(option, `property '${name}' of '${type.name}' is invalid`);
  }
  return name;
}

function nonNegativeInteger(option: string, value: string): number {
  if (!/^\d+$/.test(value)) throw invalid(option, `'${value}' is not a non-negative integer`);
  return Number(value);
}

export function parseQuery(search: string, type: EntityTypeDef): ParsedQuery {
  const query: ParsedQuery = { orderBy: [], skip: 0, carried: [] };
  const seen = new Set<string>();
  for (const [key, value] of splitQuery(search)) {
    if (!key.startsWith('$')) continue;
    if (!SUPPORTED.includes(key)) throw invalid(key, 'this query option is not supported by the simulator');
    if (seen.has(key)) throw invalid(key, 'the option is given twice');
    seen.add(key);
    switch (key) {
      case '$filter':
        query.filter = compileFilter(value, type);
        query.carried.push([key, value]);
        break;
      case '$select':
        query.select = value.split(',').map((name) => checkProperty(type, key, name.trim(), true));
        query.carried.push([key, value]);
        break;
      case '$orderby':
        query.orderBy = value.split(',').map((clause) => {
          const [property = '', direction = 'asc', extra] = clause.trim().split(/\s+/);
          if (extra !== undefined || (direction !== 'asc' && direction !== 'desc')) {
            throw invalid(key, `'${clause.trim()}' is not 'Property [asc|desc]'`);
          }
          return { property: checkProperty(type, key, property, false), descending: direction === 'desc' };
        });
        query.carried.push([key, value]);
        break;
      case '$top':
        query.top = nonNegativeInteger(key, value);
        break;
      case '$skip':
        query.skip = nonNegativeInteger(key, value);
        break;
    }
  }
  return query;
}

/** `Prefer: odata.maxpagesize=N` or `B1S-PageSize: N`; 0 means "no paging". Unparseable values are ignored. */
export function pageSizeFrom(headers: Record<string, string | string[] | undefined>): {
  size: number;
  fromPrefer: boolean;
} {
  const prefer = [headers['prefer']].flat().join(',');
  const preferred = /odata\.maxpagesize=(\d+)/i.exec(prefer)?.[1];
  if (preferred !== undefined) return { size: Number(preferred), fromPrefer: true };
  const b1s = [headers['b1s-pagesize']].flat()[0];
  if (b1s !== undefined && /^\d+$/.test(b1s.trim())) return { size: Number(b1s.trim()), fromPrefer: false };
  return { size: DEFAULT_PAGE_SIZE, fromPrefer: false };
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return (a as string | number) < (b as string | number) ? -1 : 1;
}

export interface QueryPage {
  items: EntityRecord[];
  /** Set when more rows remain: the $skip (and $top, when one was given) of the next page. */
  next?: { skip: number; top?: number };
}

/** Filters, sorts (always ending with the key, so pages never overlap), then cuts the window and the page. */
export function runQuery(all: EntityRecord[], query: ParsedQuery, key: string, pageSize: number): QueryPage {
  const filtered = query.filter ? all.filter(query.filter) : [...all];
  const order = [...query.orderBy, { property: key, descending: false }];
  filtered.sort((x, y) => {
    for (const { property, descending } of order) {
      const diff = compareValues(x[property], y[property]);
      if (diff !== 0) return descending ? -diff : diff;
    }
    return 0;
  });
  const windowEnd =
    query.top === undefined ? filtered.length : Math.min(filtered.length, query.skip + query.top);
  const pageEnd = pageSize > 0 ? Math.min(windowEnd, query.skip + pageSize) : windowEnd;
  const items = filtered.slice(query.skip, pageEnd);
  if (pageEnd >= windowEnd) return { items };
  const next = query.top === undefined ? { skip: pageEnd } : { skip: pageEnd, top: windowEnd - pageEnd };
  return { items, next };
}

const encode = (value: string): string => encodeURIComponent(value).replace(/%2C/g, ',');

/** Relative to the service root, e.g. `ChartOfAccounts?$orderby=Code&$skip=20`. */
export function nextLink(
  entitySet: string,
  query: ParsedQuery,
  next: { skip: number; top?: number },
): string {
  const parts = query.carried.map(([key, value]) => `${key}=${encode(value)}`);
  if (next.top !== undefined) parts.push(`$top=${next.top}`);
  parts.push(`$skip=${next.skip}`);
  return `${entitySet}?${parts.join('&')}`;
}

export function applySelect(entity: EntityRecord, select: string[] | undefined): EntityRecord {
  if (!select) return entity;
  return Object.fromEntries(select.map((name) => [name, entity[name] ?? null]));
}
