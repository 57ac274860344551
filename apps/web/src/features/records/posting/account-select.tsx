import { NativeSelect, type ComboboxItem } from '@mantine/core';
import { draftColumn } from './draft-column';
import type { Row, RowName } from './draft-columns';
import type { LedgerChoice } from './ledger-accounts';
import { optionLabel } from './posting-export';

type InputProps<V> = { value: V; onChange: (value: V) => void; 'aria-label': string };

/**
 * A ledger account select (`options` from accountOptions). A native select on purpose: a page holds 100-200
 * of them, and Mantine's Select keeps a portal with its option list mounted per instance (most of the first
 * render); the lists are short.
 */
export function AccountSelect({
  value,
  onChange,
  options,
  width,
  'aria-label': label,
}: InputProps<number | null> & { options: ComboboxItem[]; width: number }) {
  return (
    <NativeSelect
      size="xs"
      w={width}
      aria-label={label}
      data={options}
      value={value === null ? '' : String(value)}
      onChange={(event) => {
        const next = event.currentTarget.value;
        onChange(next === '' ? null : Number(next));
      }}
    />
  );
}

const LEDGER_WIDTH = 260;

/** 'Posting Ledger': the petty-cash ledger the advance is paid from (cash, fuel); options from `useLedgerChoice`. */
export const ledgerColumn = <T extends Row, D extends { ledgerId: number | null }>(of: RowName<T>) =>
  draftColumn<T, D, LedgerChoice>({
    id: 'ledger',
    header: 'Posting Ledger',
    // Its width when pinned (Cash Advance keeps it in view, issue 26 defect 9): the select and the cell's padding.
    size: LEDGER_WIDTH + 24,
    exportValue: (_row, draft, { ledgerOptions }) => optionLabel(ledgerOptions, draft.ledgerId),
    render: (row, draft, setDraft, { ledgerOptions }) => (
      <AccountSelect
        width={LEDGER_WIDTH}
        aria-label={`Posting ledger ${of(row)}`}
        options={ledgerOptions}
        value={draft.ledgerId}
        onChange={(ledgerId) => setDraft({ ledgerId } as Partial<D>)}
      />
    ),
  });
