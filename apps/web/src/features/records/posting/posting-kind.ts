import type { ComponentType } from 'react';
import type { ComboboxItem } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { PostBodyOf, RecordRowOf } from '@ff/contract';
import type { RecordKindName } from '@ff/contract/plain';
import type { NotReady } from './not-ready';
import type { PostingDraft } from './use-posting-rows';

/** A selected row with what the user entered for it, as the post button sends them (list order). */
export type SelectedRow<T, D> = { row: T; draft: D };

/** Screen-wide data a kind's inputs and rules read (the loaded ledger accounts), and how it is loading. */
export type ScreenData<C> = { context: C; isPending: boolean; error: unknown };

/**
 * What a record kind's posting screen adds to its registry entry (`RECORD_KINDS_PLAIN[name]`, which gives
 * the API path, the screen's path, navigation label and tab label, and the toasts): its columns, the draft
 * each row starts with, when a row may be selected and the post body of the selected rows. `PostingListPage`
 * does the rest (filters, list, selection, post button, toasts, reload). One file per kind:
 * features/records/kinds/<kind-name>.tsx, its default export.
 */
export type PostingKind<K extends RecordKindName, D extends PostingDraft, C = undefined> = {
  /** The registry entry this screen shows. */
  name: K;
  /** The breadcrumb before the screen's navigation label ('Invoices', 'Advance'). */
  section: string;
  /** The table's accessible name ('Sales invoices'). */
  tableLabel: string;
  /**
   * How the row's inputs end their names ('of order ORD-1'); the row's checkbox then reads 'Select order ORD-1'.
   * Without it a row is named by its trip: 'Select trip TRP-2026-0031' (issue 26, defect 16).
   */
  rowName?: (row: RecordRowOf<K>) => string;
  /** On a screen with several steps: the tab's value, which the navigation state's `activeTab` names. */
  tabValue?: string;
  /** Build them once (module constant); inputs are `draftColumn`s. */
  columns: ColumnDef<RecordRowOf<K>, any>[];
  /**
   * Columns kept in view while the others scroll: the trip on the left, the posting date and the amount on
   * the right (issue 12: visible at 1440 px without scrolling).
   */
  pinning?: { left?: string[]; right?: string[] };
  /** The row's amount as it would be posted (decimal text), added up for the selection; null when unknown. */
  amountOf?: (row: RecordRowOf<K>, draft: D) => string | null;
  /** The 'Apply to rows' bar of this screen. */
  bulk?: BulkSpec<RecordRowOf<K>, D, C>;
  /** Selected rows that cannot be posted by this user (VAS: a loss without Post Loss); null when none. */
  blockedRows?: (selected: SelectedRow<RecordRowOf<K>, D>[], context: C) => BlockedRows | null;
  /** docs/spec/product-spec.md section 6: any failure to load the list reads 'Access Denied' (the transporter screen). */
  accessDenied?: boolean;
  /** The row's inputs before the user touches them (docs/spec/product-spec.md section 4: the posting date defaults to now). */
  initialDraft: (row: RecordRowOf<K>) => D;
  /** docs/spec/product-spec.md section 5: whether the row's inputs allow it to be selected. */
  isReady: (row: RecordRowOf<K>, draft: D, context: C) => boolean;
  /**
   * Why a row that is not ready cannot be selected (its disabled checkbox's hint, issue 26 defect 9); null
   * when it is ready. Without it the list says the row's posting inputs are not filled in.
   */
  notReady?: (row: RecordRowOf<K>, draft: D, context: C) => NotReady | null;
  /** The post body of the selected rows (all ready). The wire's field names are written here only. */
  toBody: (selected: SelectedRow<RecordRowOf<K>, D>[], context: C) => PostBodyOf<K>;
  /** A hook loading what the inputs and rules need besides the rows; its `context` must be memoised. */
  useScreenData?: () => ScreenData<C>;
  /** Checked when the post button is pressed: false sends nothing (say why, e.g. a warning toast). */
  canPost?: (selected: SelectedRow<RecordRowOf<K>, D>[], context: C) => boolean;
  /** Shown first in the list's toolbar (VAS: the queue's counts, features/records/vas-queue-counts.tsx). */
  toolbarExtra?: ComponentType;
};

/** The inputs the 'Apply to rows' bar may offer; a screen lists those it has. */
export type BulkField = 'postingDate' | 'ledger' | 'revenueAccount' | 'collectedQuantity' | 'pickupOrderNo';

/** What the user chose in the bar; only the fields they set are present. */
export type BulkValues = {
  postingDate?: Date;
  ledgerId?: number;
  revenueId?: number;
  /** Set each row's collected quantity to its original quantity. */
  originalQuantity?: true;
  pickupOrderNo?: string;
};

/** A screen's 'Apply to rows' bar: its inputs, their options and how a row takes the values. */
export type BulkSpec<T, D, C> = {
  fields: BulkField[];
  /** The select options (ledgers, revenue accounts) from the screen data. */
  options?: (context: C) => { ledger?: ComboboxItem[]; revenue?: ComboboxItem[] };
  /** The draft change for one row; null when the values do not fit the row (it is left as it is). */
  apply: (row: T, values: BulkValues, context: C) => Partial<D> | null;
  /** The earliest posting date a row allows, as the refusal names it: 'document date' unless said here. */
  tooEarly?: string;
};

/** Selected rows the user may not post as they are: named in a warning that offers to deselect them. */
export type BlockedRows = { message: string; ids: number[]; names: string[] };

/** Any kind's screen, as the page and the loader handle them. */
export type AnyPostingKind = PostingKind<any, any, any>;

/** Types a kind's screen (infers its draft and context from the functions given). */
export const postingKind = <K extends RecordKindName, D extends PostingDraft, C = undefined>(
  kind: PostingKind<K, D, C>,
) => kind;
