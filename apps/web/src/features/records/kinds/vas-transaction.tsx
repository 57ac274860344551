import type { RecordRowOf } from '@ff/contract';
import { POSTING_MESSAGES } from '@ff/contract/plain';
import { draftColumn } from '@/features/records/posting/draft-column';
import { optionLabel } from '@/features/records/posting/posting-export';
import { pickupOrderColumn, postingDateColumn } from '@/features/records/posting/draft-columns';
import { collectedQuantityColumn } from '@/features/records/posting/quantity-input';
import { sharedBulkPatch } from '@/features/records/posting/bulk-apply';
import {
  amountColumn,
  longTextColumn,
  postingStatusColumn,
  textColumn,
  valueColumn,
} from '@/features/records/posting/posting-columns';
import { postingKind } from '@/features/records/posting/posting-kind';
import { AccountSelect } from '@/features/records/posting/account-select';
import { notifyError, notifyWarning } from '@/lib/notify';
import { VasQueueCounts } from '../vas-queue-counts';
import { ProfitMarginHeader, ProfitMarginValue } from './vas-transaction/profit-margin';
import { useVasScreenData, type VasContext } from './vas-transaction/use-vas-screen-data';
import { pairCostAccount } from './vas-transaction/vas-account-pairing';
import {
  hasLoss,
  initialVasTransactionDraft,
  isVasLoss,
  isVasTransactionReady,
  toVasTransactionsBody,
  vasFigures,
  type VasTransactionDraft,
} from './vas-transaction/vas-transaction-rows';

type Row = RecordRowOf<'vasTransaction'>;
type Draft = VasTransactionDraft;

/** Input labels name the order (trip IDs may be empty on VAS rows). */
const of = (row: Row) => (row.orderNumber ? `of order ${row.orderNumber}` : `of VAS transaction ${row.id}`);
const ACCOUNT_WIDTH = 290;

/**
 * VAS Transactions: every column of the screen in the spec's order. Choosing a revenue account sets the
 * cost account of its category (docs/spec/product-spec.md section 4); the profit margin follows the collected quantity.
 */
export default postingKind<'vasTransaction', Draft, VasContext>({
  name: 'vasTransaction',
  section: 'VAS',
  tableLabel: 'VAS transactions',
  rowName: of,
  toolbarExtra: VasQueueCounts,
  // The trip stays in view on the left, the posting date and margin on the right (issue 12).
  pinning: {
    left: ['tripNumber'],
    right: ['postingDate', 'buyingUnitPrice', 'sellingUnitPrice', 'profitMargin'],
  },
  amountOf: (row, draft) => vasFigures(row, draft.collectedQuantity)?.total ?? null,
  bulk: {
    fields: ['postingDate', 'revenueAccount', 'collectedQuantity', 'pickupOrderNo'],
    options: ({ revenueOptions }) => ({ revenue: revenueOptions }),
    apply: (row, values, { accounts }) => {
      const patch = sharedBulkPatch(row, values) as Partial<Draft> | null;
      if (!patch || values.revenueId === undefined) return patch;
      // The cost account follows the revenue account, as it does per row.
      const pairing = pairCostAccount(values.revenueId, accounts);
      return { ...patch, revenueId: values.revenueId, costId: pairing.ok ? pairing.costId : null };
    },
  },
  // Defect 7: name the loss rows and offer to post the others.
  blockedRows: (selected, { canPostLoss }) => {
    if (canPostLoss) return null;
    const losses = selected.filter(({ row, draft }) => isVasLoss(row, draft));
    if (losses.length === 0) return null;
    return {
      message: 'These selected rows would post a loss, and you do not have the Post Loss permission:',
      ids: losses.map(({ row }) => row.id),
      names: losses.map(({ row }) => of(row).replace(/^of /, '')),
    };
  },
  columns: [
    postingStatusColumn<Row>(),
    textColumn<Row>('tripNumber', 'Trip ID'),
    valueColumn<Row>('transporterName', 'Transporter Name'),
    textColumn<Row>('truckNumber', 'Truck Number'),
    textColumn<Row>('orderNumber', 'Order No'),
    valueColumn<Row>('supplierName', 'Supplier'),
    textColumn<Row>('warehouse', 'Warehouse'),
    longTextColumn<Row>('description', 'VAS Product Details'),
    valueColumn<Row>('originQuantity', 'Quantity'),
    pickupOrderColumn<Row, Draft>(of),
    draftColumn<Row, Draft, VasContext>({
      id: 'revenueAccount',
      header: 'Revenue Account',
      exportValue: (_row, draft, { revenueOptions }) => optionLabel(revenueOptions, draft.revenueId),
      render: (row, draft, setDraft, { accounts, revenueOptions }) => (
        <AccountSelect
          width={ACCOUNT_WIDTH}
          aria-label={`Revenue account ${of(row)}`}
          options={revenueOptions}
          value={draft.revenueId}
          onChange={(revenueId) => {
            if (revenueId === null) return setDraft({ revenueId: null });
            const pairing = pairCostAccount(revenueId, accounts);
            if (!pairing.ok) {
              notifyError({ message: pairing.message });
              return setDraft({ revenueId, costId: null });
            }
            setDraft({ revenueId, costId: pairing.costId });
          }}
        />
      ),
    }),
    draftColumn<Row, Draft, VasContext>({
      id: 'costAccount',
      header: 'Cost Account',
      exportValue: (_row, draft, { costOptionsFor }) =>
        optionLabel(costOptionsFor(draft.revenueId), draft.costId),
      render: (row, draft, setDraft, { costOptionsFor }) => (
        <AccountSelect
          width={ACCOUNT_WIDTH}
          aria-label={`Cost account ${of(row)}`}
          options={costOptionsFor(draft.revenueId)}
          value={draft.costId}
          onChange={(costId) => setDraft({ costId })}
        />
      ),
    }),
    collectedQuantityColumn<Row, Draft>(of),
    postingDateColumn<Row, Draft>(of),
    amountColumn<Row>('buyingUnitPrice', 'Unit Buying Price'),
    amountColumn<Row>('sellingUnitPrice', 'Unit Selling Price'),
    // The header carries the formula in a tooltip (docs/spec/product-spec.md section 2).
    draftColumn<Row, Draft>({
      id: 'profitMargin',
      header: ProfitMarginHeader,
      render: (row, draft) => (
        <ProfitMarginValue figures={vasFigures(row, draft.collectedQuantity)} currency={row.currency} />
      ),
    }),
  ],
  useScreenData: useVasScreenData,
  initialDraft: (row) => initialVasTransactionDraft(row),
  isReady: (row, draft, { accounts }) => isVasTransactionReady(row, draft, accounts),
  toBody: toVasTransactionsBody,
  // The server refuses a loss without Post Loss too (403); warn before sending anything.
  canPost: (selected, { canPostLoss }) => {
    if (canPostLoss || !hasLoss(selected)) return true;
    notifyWarning({ message: POSTING_MESSAGES.loss });
    return false;
  },
});
