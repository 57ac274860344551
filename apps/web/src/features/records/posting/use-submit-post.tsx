import { useRef, useState, type ReactNode } from 'react';
import { useConfirmedPost } from './post-confirmation';
import type { BlockedRows, SelectedRow } from './posting-kind';
import type { CurrencyTotal } from './selection-summary';
import { selectionWithout } from './selection-feedback';
import type { PostingDraft, PostingRows } from './use-posting-rows';

/**
 * The 'Post to SAP' click of a posting list: refuses the rows this user may not post (named, with a button that
 * deselects them), asks first when the post is above Settings' confirmation rule (post-confirmation.tsx, issue
 * 26), and sends one request at a time (defect 2: a double click lands twice before React re-renders the button
 * as loading, so the guard is a ref, released when the post and the reload are done).
 */
export function useSubmitPost<T extends { id: number }, D extends PostingDraft, C>(args: {
  posting: PostingRows<T, D>;
  context: C;
  blockedRows?: ((rows: SelectedRow<T, D>[], context: C) => BlockedRows | null) | undefined;
  canPost?: ((rows: SelectedRow<T, D>[], context: C) => boolean) | undefined;
  mayPost: boolean;
  post: {
    isPending: boolean;
    mutate: (rows: SelectedRow<T, D>[], options: { onSettled: () => void }) => void;
  };
  totals: readonly CurrencyTotal[] | null;
  noun: { one: string; many: string };
}): { submit: () => void; blocked: BlockedRows | null; deselectBlocked: () => void; modal: ReactNode } {
  const { posting, context, post } = args;
  const inFlight = useRef(false);
  const [blocked, setBlocked] = useState<BlockedRows | null>(null);
  const confirmed = useConfirmedPost({
    count: posting.selectedRows.length,
    totals: args.totals,
    noun: args.noun,
    post: () => {
      if (inFlight.current || post.isPending) return;
      inFlight.current = true;
      post.mutate(posting.selectedRows, {
        onSettled: () => {
          inFlight.current = false;
        },
      });
    },
  });
  const submit = () => {
    if (inFlight.current || post.isPending || !args.mayPost) return;
    const refused = args.blockedRows?.(posting.selectedRows, context) ?? null;
    setBlocked(refused);
    if (args.canPost && !args.canPost(posting.selectedRows, context)) return;
    confirmed.request();
  };
  const deselectBlocked = () => {
    if (!blocked) return;
    posting.setRowSelection(selectionWithout(posting.rowSelection, blocked.ids));
    setBlocked(null);
  };
  return { submit, blocked, deselectBlocked, modal: confirmed.modal };
}
