import { useMemo, useRef } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { DateRangeQuery, PageResponse, RecordRowOf } from '@ff/contract';
import { MAX_PER_PAGE, type RecordKindName } from '@ff/contract/plain';
import type { ExportOptions } from '@/lib/export/export-columns';
import type { PageQuery } from '@/lib/list-query';
import { postingExportColumns, withCurrencyColumn } from './posting-export';
import type { PostingKind } from './posting-kind';
import { getRecordPage } from './record-queries';
import type { PostingDraft } from './use-posting-rows';

/** Every row of a paged query, `MAX_PER_PAGE` at a time, one request after the other. */
async function loadAllRows<T>(loadPage: (page: number) => Promise<PageResponse<T>>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await loadPage(page);
    rows.push(...answer.data);
    if (answer.data.length < MAX_PER_PAGE || rows.length >= answer.meta.total) return rows;
  }
}

/** What an export reads at the moment it runs: the drafts typed in, the screen data, the filter and search. */
export type ExportSource<K extends RecordKindName, D, C> = {
  draftOf: (row: RecordRowOf<K>) => D;
  context: C;
  filters: DateRangeQuery;
  query: PageQuery;
};

/**
 * A posting list's Export (issue 12): every row of the filter and search, on all pages, with the values typed
 * in. The options stay the same object while the columns do (the menu is not rebuilt on every keystroke); the
 * export reads the latest drafts, filter and search when it runs.
 */
export function usePostingExport<K extends RecordKindName, D extends PostingDraft, C>(options: {
  kind: PostingKind<K, D, C>;
  screenKey: string;
  columns: ColumnDef<RecordRowOf<K>, any>[];
  source: ExportSource<K, D, C>;
}): ExportOptions<RecordRowOf<K>> {
  const { kind, screenKey, columns } = options;
  const source = useRef(options.source);
  source.current = options.source;
  return useMemo<ExportOptions<RecordRowOf<K>>>(() => {
    const exported = postingExportColumns(columns, {
      draftOf: (row) => source.current.draftOf(row),
      context: () => source.current.context,
    });
    return {
      fileName: [screenKey, kind.tabValue].filter(Boolean).join('-'),
      columns: exported,
      // A 'Currency' column only when an exported row has one (issue 25).
      columnsFor: (rows) => withCurrencyColumn(exported, rows),
      loadRows: () => {
        const { filters, query } = source.current;
        return loadAllRows((page) =>
          getRecordPage(kind.name, filters, { ...query, page, perPage: MAX_PER_PAGE }),
        );
      },
    };
  }, [columns, screenKey, kind.tabValue, kind.name]);
}
