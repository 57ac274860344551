import { useEffect } from 'react';
import { Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { RecordRowOf, SupplierInvoiceCheckAnswer } from '@ff/contract';
import { RECORD_KINDS_PLAIN } from '@ff/contract/plain';
import { draftColumn, type SetRowDraft } from '@/features/records/posting/draft-column';
import type { PostingDraft } from '@/features/records/posting/use-posting-rows';
import { api } from '@/lib/api-client';

type Row = RecordRowOf<'firstJournal'>;

/**
 * Where the number typed on a first-journal row is used already for the same transporter (issue 11): `number`
 * is the number checked (trimmed, lower case), `trips` the other records carrying it.
 */
export type SupplierInvoiceUse = { number: string; trips: string[] };

export type FirstJournalDraft = PostingDraft & {
  supplierInvoiceNumber: string;
  /** The row's "Post anyway": post a number already used for this transporter. */
  allowDuplicate: boolean;
  usedOn: SupplierInvoiceUse | null;
};

const normalised = (value: string) => value.trim().toLowerCase();

/** The trips the row's current number is used on already (empty when none, or not yet checked). */
export function duplicateTrips(draft: FirstJournalDraft): string[] {
  const number = normalised(draft.supplierInvoiceNumber);
  return number && draft.usedOn?.number === number ? draft.usedOn.trips : [];
}

/** A first-journal row may post: a number, and a number used already only with "Post anyway". */
export const isSupplierInvoiceReady = (draft: FirstJournalDraft) =>
  draft.supplierInvoiceNumber.trim() !== '' && (draft.allowDuplicate || duplicateTrips(draft).length === 0);

const CHECK_PATH = `${RECORD_KINDS_PLAIN.firstJournal.apiPath.replace(/^\/api\/v1/, '')}/supplier-invoice-check`;

/** `GET .../supplier-invoice-check`: the trips of the transporter's other records carrying this number. */
async function checkSupplierInvoice(recordId: number, number: string): Promise<string[]> {
  const response = await api.get<SupplierInvoiceCheckAnswer>(CHECK_PATH, {
    params: { transporterInvoice: recordId, number },
  });
  return [...new Set(response.data.data.usedOn.map((use) => use.tripNumber))];
}

const usedOnText = (trips: string[]) =>
  `Already used on ${trips.length > 3 ? `${trips.slice(0, 3).join(', ')} and ${trips.length - 3} more` : trips.join(', ')}`;

type CellProps = { row: Row; draft: FirstJournalDraft; setDraft: SetRowDraft<FirstJournalDraft> };

/**
 * The supplier invoice number as the user types it; 300 ms after the last keystroke the server says whether the
 * transporter has it on another record already, and the row then shows where and a "Post anyway" box.
 */
function SupplierInvoiceCell({ row, draft, setDraft }: CellProps) {
  const [typed] = useDebouncedValue(normalised(draft.supplierInvoiceNumber), 300);
  const check = useQuery({
    queryKey: ['supplier-invoice-check', row.id, typed],
    queryFn: () => checkSupplierInvoice(row.id, typed),
    enabled: typed !== '',
    staleTime: 30_000,
    retry: false,
  });
  const trips = check.data;
  useEffect(() => {
    if (!trips || (draft.usedOn?.number === typed && draft.usedOn.trips.join() === trips.join())) return;
    setDraft({ usedOn: { number: typed, trips } });
  }, [trips, typed, draft.usedOn, setDraft]);
  const duplicates = duplicateTrips(draft);
  const name = `of trip ${row.tripNumber}`;
  return (
    <Stack gap={2}>
      <TextInput
        size="xs"
        w={170}
        aria-label={`Supplier invoice number ${name}`}
        placeholder="Required to post"
        maxLength={100}
        value={draft.supplierInvoiceNumber}
        error={duplicates.length > 0 && !draft.allowDuplicate}
        onChange={(event) =>
          setDraft({ supplierInvoiceNumber: event.currentTarget.value, allowDuplicate: false })
        }
      />
      {duplicates.length > 0 && (
        <>
          {/* The table's cells keep to one line; this flag wraps inside the column instead of running on
              under the next one (issue 26, item 12), and its tooltip names every trip. */}
          <Text
            size="xs"
            c="orange.9"
            maw={170}
            style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
            title={`Already used on ${duplicates.join(', ')}`}
          >
            {usedOnText(duplicates)}
          </Text>
          <Checkbox
            size="xs"
            label="Post anyway"
            aria-label={`Post anyway ${name}`}
            checked={draft.allowDuplicate}
            onChange={(event) => setDraft({ allowDuplicate: event.currentTarget.checked })}
          />
        </>
      )}
    </Stack>
  );
}

/** 'Supplier Invoice Number' of the first-journal tab, flagged when the transporter used it already. */
export const supplierInvoiceColumn = () =>
  draftColumn<Row, FirstJournalDraft>({
    id: 'supplierInvoiceNumber',
    header: 'Supplier Invoice Number',
    size: 194,
    exportValue: (_row, draft) => draft.supplierInvoiceNumber,
    render: (row, draft, setDraft) => <SupplierInvoiceCell row={row} draft={draft} setDraft={setDraft} />,
  });
