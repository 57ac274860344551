import { useCallback, useMemo, useState } from 'react';
import { Stack } from '@mantine/core';
import { type CashAdvanceRow, type DateRangeQuery } from '@ff/contract';
import { DataTable } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FiltersPanel } from '@/components/filters-panel';
import { PageHeader } from '@/components/page-header';
import { PostButton } from '@/components/posting/post-button';
import { usePostingRows } from '@/components/posting/use-posting-rows';
import { useCashAdvances } from '../api/get-cash-advances';
import { usePettyCashAccounts } from '../api/get-petty-cash-accounts';
import { usePostCashAdvances } from '../api/post-cash-advances';
import { cashAdvanceColumns } from './cash-advance-columns';
import { CashDraftContext, type CashDraftAccess } from './cash-draft-context';
import {
  initialCashAdvanceDraft,
  isCashAdvanceReady,
  toCashAdvancesBody,
  type CashAdvanceDraft,
} from './cash-advance-rows';
import { accountOptions } from './row-inputs';

const PAGE_SIZE = 100;
// The trip stays in view while the inputs on the right are scrolled to.
const PINNING = { left: ['tripNumber'] };
const getRowId = (row: CashAdvanceRow) => String(row.id);

export function CashAdvancePage() {
  const [filters, setFilters] = useState<DateRangeQuery>({});
  const list = useCashAdvances(filters);
  const ledgers = usePettyCashAccounts();
  const ledgerIds = useMemo(() => new Set((ledgers.data ?? []).map((account) => account.id)), [ledgers.data]);
  const ledgerOptions = useMemo(
    () => accountOptions(ledgers.data, ledgers.isPending),
    [ledgers.data, ledgers.isPending],
  );

  const posting = usePostingRows<CashAdvanceRow, CashAdvanceDraft>({
    rows: list.data,
    initialDraft: (row) => initialCashAdvanceDraft(row),
    isReady: (row, draft) => isCashAdvanceReady(row, draft, ledgerIds),
  });
  const { draftOf, setDraft, canSelect } = posting;

  const onPostingDateChange = useCallback(
    (id: number, postingDate: Date | null) => setDraft(id, { postingDate }),
    [setDraft],
  );
  const onLedgerChange = useCallback(
    (id: number, ledgerId: number | null) => setDraft(id, { ledgerId }),
    [setDraft],
  );
  const access = useMemo<CashDraftAccess>(
    () => ({ draftOf, ledgerOptions, onPostingDateChange, onLedgerChange }),
    [draftOf, ledgerOptions, onPostingDateChange, onLedgerChange],
  );
  // DataTable re-renders its rows (and whether their checkbox is enabled) only when `columns` changes. The
  // inputs follow the drafts through context, so the columns are renewed only when a row's readiness does.
  const readiness = useMemo(
    () => (list.data ?? []).map((row) => (canSelect(row) ? '1' : '0')).join(''),
    [list.data, canSelect],
  );
  const columns = useMemo(() => ({ readiness, defs: [...cashAdvanceColumns] }), [readiness]).defs;

  const post = usePostCashAdvances({ onDone: posting.clear });
  const submit = () => post.mutate(toCashAdvancesBody(posting.selectedRows));

  const error = list.error ?? ledgers.error;
  return (
    <Stack gap="md">
      <PageHeader items={[{ title: 'Advance' }, { title: 'Cash Advance' }]} />
      <FiltersPanel onFilter={setFilters} loading={list.isFetching} />
      {error ? (
        <ErrorAlert error={error} />
      ) : (
        <CashDraftContext value={access}>
          <DataTable
            aria-label="Cash advances"
            data={list.data ?? []}
            columns={columns}
            getRowId={getRowId}
            pageSize={PAGE_SIZE}
            enableRowSelection={posting.canSelect}
            rowSelection={posting.rowSelection}
            onRowSelectionChange={posting.setRowSelection}
            enableExport={false}
            columnPinning={PINNING}
            loading={list.isFetching || ledgers.isPending}
            toolbar={
              <PostButton
                selectedCount={posting.selectedRows.length}
                loading={post.isPending}
                onClick={submit}
              />
            }
          />
        </CashDraftContext>
      )}
    </Stack>
  );
}
