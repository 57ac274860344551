import {
  DEFAULT_PER_PAGE,
  parseSort,
  RECORD_KINDS_PLAIN,
  type ListQuery,
  type RecordKindName,
} from '@ff/contract';
import { ValidationFailed } from '../../lib/errors.js';
import type { ListView } from './kinds/shared/list.js';
import type { PageRequest } from './records.repository.js';

/** The search text's cell separator (kinds/shared/columns.ts): a search holding it would match across cells. */
const CELL_SEPARATOR = String.fromCharCode(0x1f);

/**
 * A list query's sort and search as the kind's list reads them (docs/decisions/013-server-side-lists.md). A
 * sort names a row field of the kind, or it is a 422 naming the fields there are (the contract checks only
 * its form); a blank search is no search.
 */
export function listViewOf(kind: RecordKindName, query: ListQuery): ListView {
  const view: ListView = {};
  if (query.sort) {
    const sort = parseSort(query.sort);
    const fields = RECORD_KINDS_PLAIN[kind].rowFields as readonly string[];
    if (!fields.includes(sort.field)) {
      throw ValidationFailed.field('sort', `Sort by one of: ${fields.join(', ')}.`);
    }
    view.sort = sort;
  }
  const search = query.search?.replaceAll(CELL_SEPARATOR, '').trim();
  if (search) view.search = search;
  return view;
}

/** The page a query asks for: with `page` or `perPage` (the other defaulted), else none (the full array). */
export function pageRequestOf(query: ListQuery): PageRequest | undefined {
  if (query.page === undefined && query.perPage === undefined) return undefined;
  return { page: query.page ?? 1, perPage: query.perPage ?? DEFAULT_PER_PAGE };
}
