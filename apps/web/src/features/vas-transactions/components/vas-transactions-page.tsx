import { useCallback, useMemo, useRef, useState } from 'react';
import { Stack } from '@mantine/core';
import type { DateRangeQuery, VasTransactionRow } from '@ff/contract';
import { PERMISSIONS, POSTING_MESSAGES } from '@ff/contract/plain';
import { DataTable } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FiltersPanel } from '@/components/filters-panel';
import { PageHeader } from '@/components/page-header';
import { PostButton } from '@/components/posting/post-button';
import { usePostingRows } from '@/components/posting/use-posting-rows';
import { useHasPermission } from '@/lib/auth/current-user';
import { notifyError, notifyWarning } from '@/lib/notify';
import { useVasTransactions } from '../api/get-vas-transactions';
import { usePostVasTransactions } from '../api/post-vas-transactions';
import { pairCostAccount } from './vas-account-pairing';
import { VasDraftContext, type VasDraftAccess } from './vas-draft-context';
import {
  hasLoss,
  initialVasTransactionDraft,
  isVasTransactionReady,
  toVasTransactionsBody,
  type VasTransactionDraft,
} from './vas-transaction-rows';
import { vasTransactionsColumns } from './vas-transactions-columns';
import { useVasAccounts } from './use-vas-accounts';

const PAGE_SIZE = 100;
// The trip stays in view while the inputs on the right are scrolled to.
const PINNING = { left: ['tripNumber'] };
const getRowId = (row: VasTransactionRow) => String(row.id);

export function VasTransactionsPage() {
  const [filters, setFilters] = useState<DateRangeQuery>({});
  const list = useVasTransactions(filters);
  const { accounts, revenueOptions, costOptionsFor, ...accountLists } = useVasAccounts();
  const canPostLoss = useHasPermission(PERMISSIONS.postLoss);

  const posting = usePostingRows<VasTransactionRow, VasTransactionDraft>({
    rows: list.data,
    initialDraft: (row) => initialVasTransactionDraft(row),
    isReady: (row, draft) => isVasTransactionReady(row, draft, accounts),
  });
  const { draftOf, setDraft, canSelect } = posting;

  // Read through a ref so the handler (and every memoised revenue select) stays stable.
  const accountsRef = useRef(accounts);
  accountsRef.current = accounts;
  const onRevenueChange = useCallback(
    (id: number, revenueId: number | null) => {
      if (revenueId === null) return setDraft(id, { revenueId: null });
      const pairing = pairCostAccount(revenueId, accountsRef.current);
      if (!pairing.ok) {
        notifyError({ message: pairing.message });
        return setDraft(id, { revenueId, costId: null });
      }
      setDraft(id, { revenueId, costId: pairing.costId });
    },
    [setDraft],
  );
  const onCostChange = useCallback(
    (id: number, costId: number | null) => setDraft(id, { costId }),
    [setDraft],
  );
  const onPickupOrderNoChange = useCallback(
    (id: number, pickupOrderNo: string) => setDraft(id, { pickupOrderNo }),
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

  const access = useMemo<VasDraftAccess>(
    () => ({
      draftOf,
      revenueOptions,
      costOptionsFor,
      onPickupOrderNoChange,
      onRevenueChange,
      onCostChange,
      onCollectedQuantityChange,
      onPostingDateChange,
    }),
    [
      draftOf,
      revenueOptions,
      costOptionsFor,
      onPickupOrderNoChange,
      onRevenueChange,
      onCostChange,
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
  const columns = useMemo(() => ({ readiness, defs: [...vasTransactionsColumns] }), [readiness]).defs;

  const post = usePostVasTransactions({ onDone: posting.clear });
  const submit = () => {
    // The server refuses a loss without Post Loss too (403); warn before sending anything.
    if (!canPostLoss && hasLoss(posting.selectedRows)) {
      notifyWarning({ message: POSTING_MESSAGES.loss });
      return;
    }
    post.mutate(toVasTransactionsBody(posting.selectedRows));
  };

  const error = list.error ?? accountLists.error;
  return (
    <Stack gap="md">
      <PageHeader items={[{ title: 'VAS' }, { title: 'VAS Transactions' }]} />
      <FiltersPanel onFilter={setFilters} loading={list.isFetching} />
      {error ? (
        <ErrorAlert error={error} />
      ) : (
        <VasDraftContext value={access}>
          <DataTable
            aria-label="VAS transactions"
            data={list.data ?? []}
            columns={columns}
            getRowId={getRowId}
            pageSize={PAGE_SIZE}
            enableRowSelection={posting.canSelect}
            rowSelection={posting.rowSelection}
            onRowSelectionChange={posting.setRowSelection}
            enableExport={false}
            columnPinning={PINNING}
            loading={list.isFetching || accountLists.isPending}
            toolbar={
              <PostButton
                selectedCount={posting.selectedRows.length}
                loading={post.isPending}
                onClick={submit}
              />
            }
          />
        </VasDraftContext>
      )}
    </Stack>
  );
}
