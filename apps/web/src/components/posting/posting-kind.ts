import type { ColumnDef } from '@tanstack/react-table';
import type { PostBodyOf, RecordRowOf } from '@ff/contract';
import type { RecordKindName } from '@ff/contract/plain';
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
  /** On a screen with several steps: the tab's value, which the navigation state's `activeTab` names. */
  tabValue?: string;
  /** Build them once (module constant); inputs are `draftColumn`s. */
  columns: ColumnDef<RecordRowOf<K>, any>[];
  /** Columns kept in view on the left while the inputs on the right are scrolled to. */
  pinning?: { left: string[] };
  /** docs/spec/product-spec.md section 6: any failure to load the list reads 'Access Denied' (the transporter screen). */
  accessDenied?: boolean;
  /** The row's inputs before the user touches them (docs/spec/product-spec.md section 4: the posting date defaults to now). */
  initialDraft: (row: RecordRowOf<K>) => D;
  /** docs/spec/product-spec.md section 5: whether the row's inputs allow it to be selected. */
  isReady: (row: RecordRowOf<K>, draft: D, context: C) => boolean;
  /** The post body of the selected rows (all ready). The wire's field names are written here only. */
  toBody: (selected: SelectedRow<RecordRowOf<K>, D>[], context: C) => PostBodyOf<K>;
  /** A hook loading what the inputs and rules need besides the rows; its `context` must be memoised. */
  useScreenData?: () => ScreenData<C>;
  /** Checked when the post button is pressed: false sends nothing (say why, e.g. a warning toast). */
  canPost?: (selected: SelectedRow<RecordRowOf<K>, D>[], context: C) => boolean;
};

/** Any kind's screen, as the page and the loader handle them. */
export type AnyPostingKind = PostingKind<any, any, any>;

/** Types a kind's screen (infers its draft and context from the functions given). */
export const postingKind = <K extends RecordKindName, D extends PostingDraft, C = undefined>(
  kind: PostingKind<K, D, C>,
) => kind;
