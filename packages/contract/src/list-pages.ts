import { z } from 'zod';
import { dateRangeFields, datesInOrder } from './common.js';
import { MAX_PER_PAGE, MAX_SEARCH_LENGTH, SORT_PATTERN } from './plain.js';

/** A list query's `search`: a case-insensitive substring, blank for none. */
export const searchParam = z
  .string()
  .max(MAX_SEARCH_LENGTH, `Search for at most ${MAX_SEARCH_LENGTH} characters.`)
  .optional();

/** A list query's `sort`: `<field>` or `<field>:asc|desc` (which fields, the list says). */
export const sortParam = z
  .string()
  .regex(SORT_PATTERN, 'Sort by a field name, optionally followed by :asc or :desc.');

const perPageMessage = `perPage must be a whole number from 1 to ${MAX_PER_PAGE}.`;

/** A paged query's `perPage`: rows per page, 1 to MAX_PER_PAGE. */
export const perPageParam = z.coerce
  .number({ error: perPageMessage })
  .int(perPageMessage)
  .min(1, perPageMessage)
  .max(MAX_PER_PAGE, perPageMessage)
  .optional();

/**
 * The list routes' query (issue 13, docs/decisions/013-server-side-lists.md): the spec's date range, and,
 * beside the spec's contract, paging, sorting and search. With `page` or `perPage` the answer is one page
 * `{data, meta}`; without both it is the spec's full array `{data}` (sort and search still apply).
 *
 * - `page`: 1-based page number (the web's page index 0 is `page=1`); default 1.
 * - `perPage`: rows per page, 1-500; default 100.
 * - `sort`: `<field>` or `<field>:asc|desc`, a field of the kind's list row (`RECORD_KINDS_PLAIN[kind].rowFields`);
 *   ties (and no sort) fall back to the list's own order, document date then id.
 * - `search`: case-insensitive substring over the columns the screen shows (`searchFields` of the kind); blank
 *   means no search.
 */
export const listQuery = z
  .object({
    ...dateRangeFields,
    page: z.coerce
      .number({ error: 'The page must be a whole number from 1.' })
      .int()
      .min(1)
      .max(1_000_000)
      .optional(),
    perPage: z.coerce
      .number({ error: perPageMessage })
      .int()
      .min(1, perPageMessage)
      .max(MAX_PER_PAGE, perPageMessage)
      .optional(),
    sort: sortParam.optional(),
    search: searchParam,
  })
  .refine(...datesInOrder);
export type ListQuery = z.infer<typeof listQuery>;

export const pageMeta = z.object({
  /** Rows matching the filters and search, on every page. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type PageMeta = z.infer<typeof pageMeta>;

/** One page of a list: its rows and where it sits. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMeta });
export type PageResponse<T> = { data: T[]; meta: PageMeta };
