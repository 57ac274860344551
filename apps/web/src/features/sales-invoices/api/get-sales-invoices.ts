import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, ListResponse, SalesInvoiceRow } from '@ff/contract';
import { api } from '@/lib/api-client';

/** Sales invoices still to post (unposted, or failed with `lastError`). */
export async function getSalesInvoices(filters: DateRangeQuery = {}): Promise<SalesInvoiceRow[]> {
  const response = await api.get<ListResponse<SalesInvoiceRow>>('/journalSaleInvoice', { params: filters });
  return response.data.data;
}

export const salesInvoicesQueryKey = (filters: DateRangeQuery = {}) => ['sales-invoices', filters] as const;

export const getSalesInvoicesQueryOptions = (filters: DateRangeQuery = {}) =>
  queryOptions({
    queryKey: salesInvoicesQueryKey(filters),
    queryFn: () => getSalesInvoices(filters),
    // The rows of the previous filter stay (under the loading overlay) so their drafts are not dropped.
    placeholderData: keepPreviousData,
  });

export const useSalesInvoices = (filters: DateRangeQuery = {}) =>
  useQuery(getSalesInvoicesQueryOptions(filters));
