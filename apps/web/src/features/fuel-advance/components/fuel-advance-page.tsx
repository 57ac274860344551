import { useCallback, useMemo, useState } from 'react';
import { Stack } from '@mantine/core';
import { type DateRangeQuery, type FuelAdvanceRow } from '@ff/contract';
import { DataTable } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FiltersPanel } from '@/components/filters-panel';
import { PageHeader } from '@/components/page-header';
import { PostButton } from '@/components/posting/post-button';
import { usePostingRows } from '@/components/posting/use-posting-rows';
import { useFuelAdvances } from '../api/get-fuel-advances';
import { usePettyCashAccounts } from '../api/get-petty-cash-accounts';
import { usePostFuelAdvances } from '../api/post-fuel-advances';
import { fuelAdvanceColumns } from './fuel-advance-columns';
import { FuelDraftContext, type FuelDraftAccess } from './fuel-draft-context';
import {
  initialFuelAdvanceDraft,
  isFuelAdvanceReady,
  toFuelAdvancesBody,
  type FuelAdvanceDraft,
} from './fuel-advance-rows';
import { accountOptions } from './row-inputs';

const PAGE_SIZE = 100;
// The trip stays in view while the inputs on the right are scrolled to.
const PINNING = { left: ['tripNumber'] };
const getRowId = (row: FuelAdvanceRow) => String(row.id);

export function FuelAdvancePage() {
  const [filters, setFilters] = useState<DateRangeQuery>({});
  const list = useFuelAdvances(filters);
  const ledgers = usePettyCashAccounts();
  const ledgerIds = useMemo(() => new Set((ledgers.data ?? []).map((account) => account.id)), [ledgers.data]);
  const ledgerOptions = useMemo(
    () => accountOptions(ledgers.data, ledgers.isPending),
    [ledgers.data, ledgers.isPending],
  );

  const posting = usePostingRows<FuelAdvanceRow, FuelAdvanceDraft>({
    rows: list.data,
    initialDraft: (row) => initialFuelAdvanceDraft(row),
    isReady: (row, draft) => isFuelAdvanceReady(row, draft, ledgerIds),
  });
  const { draftOf, setDraft, canSelect } = posting;

  const onPickupOrderNoChange = useCallback(
    (id: number, pickupOrderNo: string) => setDraft(id, { pickupOrderNo }),
    [setDraft],
  );
  const onLedgerChange = useCallback(
    (id: number, ledgerId: number | null) => setDraft(id, { ledgerId }),
    [setDraft],
  );
  const onCollectedQuantityChange = useCallback(
    (id: number, collectedQuantity: string) => setDraft(id, { collectedQuantity }),
    [setDraft],
  );
  const onPostingDateChange = useCallback(
    (id: number, postingDate: Date | null) => setDraft(id, { postingDate }),
    [setDraft],
  );

  const access = useMemo<FuelDraftAccess>(
    () => ({
      draftOf,
      ledgerOptions,
      onPickupOrderNoChange,
      onLedgerChange,
      onCollectedQuantityChange,
      onPostingDateChange,
    }),
    [
      draftOf,
      ledgerOptions,
      onPickupOrderNoChange,
      onLedgerChange,
      onCollectedQuantityChange,
      onPostingDateChange,
    ],
  );
  // DataTable re-renders its rows (and whether their checkbox is enabled) only when `columns` changes. The
  // inputs follow the drafts through context, so the columns are renewed only when a row's readiness does.
  const readiness = useMemo(
    () => (list.data ?? []).map((row) => (canSelect(row) ? '1' : '0')).join(''),
    [list.data, canSelect],
  );
  const columns = useMemo(() => ({ readiness, defs: [...fuelAdvanceColumns] }), [readiness]).defs;

  const post = usePostFuelAdvances({ onDone: posting.clear });
  const submit = () => post.mutate(toFuelAdvancesBody(posting.selectedRows));

  const error = list.error ?? ledgers.error;
  return (
    <Stack gap="md">
      <PageHeader items={[{ title: 'Advance' }, { title: 'Fuel Advance' }]} />
      <FiltersPanel onFilter={setFilters} loading={list.isFetching} />
      {error ? (
        <ErrorAlert error={error} />
      ) : (
        <FuelDraftContext value={access}>
          <DataTable
            aria-label="Fuel advances"
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
        </FuelDraftContext>
      )}
    </Stack>
  );
}
