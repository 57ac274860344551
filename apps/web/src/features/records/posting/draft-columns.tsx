import { TextInput } from '@mantine/core';
import { draftColumn } from './draft-column';
import { PostingDateInput } from './posting-date-input';
import { exportDateTime } from './posting-export';
import type { PostingDraft } from './use-posting-rows';

/**
 * The input columns several posting screens share. `of(row)` ends each input's accessible name and names
 * the row the way its screen does: 'Posting date of trip TRP-1', 'Collected quantity of order LPO-1'.
 */
export type RowName<T> = (row: T) => string;

export type Row = { id: number };

/** Most screens name a row by its trip. */
export const ofTrip = (row: { tripNumber: string }) => `of trip ${row.tripNumber}`;

/**
 * 'Posting Date': between the row's document date and now (docs/spec/product-spec.md section 5); every posting
 * screen has it. `earliest` gives a later lower bound than the document date when the kind has one (a second
 * journal: its first journal's posting day). A row with a currency has the days SAP has no rate for disabled.
 */
export const postingDateColumn = <
  T extends Row & { documentDate: string; currency?: string | null },
  D extends PostingDraft,
>(
  of: RowName<T>,
  earliest: (row: T) => string = (row) => row.documentDate,
) =>
  draftColumn<T, D>({
    id: 'postingDate',
    header: 'Posting Date',
    // Pinned on the right on every screen (issue 12): wide enough for the picker.
    size: 200,
    exportValue: (_row, draft) => exportDateTime(draft.postingDate),
    render: (row, draft, setDraft) => (
      <PostingDateInput
        aria-label={`Posting date ${of(row)}`}
        documentDate={earliest(row)}
        // A record in a foreign currency: the picker disables the days SAP has no rate for (issue 25).
        currency={row.currency}
        value={draft.postingDate}
        onChange={(postingDate) => setDraft({ postingDate } as Partial<D>)}
      />
    ),
  });

/** The contract's limit for a text typed per row. */
const TEXT_MAX = 100;

export type TextDraftColumnOptions<T, D> = {
  /** The column id and the draft field it edits. */
  field: { [K in keyof D]-?: D[K] extends string ? K : never }[keyof D] & string;
  header: string;
  /** The input's accessible name before the row's name: 'Supplier invoice number'. */
  label: string;
  of: RowName<T>;
  width: number;
  placeholder: string;
};

/** A text the user types per row, kept as typed (trimmed when posted). */
export const textDraftColumn = <T extends Row, D>({
  field,
  header,
  label,
  of,
  width,
  placeholder,
}: TextDraftColumnOptions<T, D>) =>
  draftColumn<T, D>({
    id: field,
    header,
    // Its width when pinned: the input and the cell's padding.
    size: width + 24,
    exportValue: (_row, draft) => draft[field],
    render: (row, draft, setDraft) => (
      <TextInput
        size="xs"
        w={width}
        aria-label={`${label} ${of(row)}`}
        placeholder={placeholder}
        maxLength={TEXT_MAX}
        value={draft[field] as string}
        onChange={(event) => setDraft({ [field]: event.currentTarget.value } as Partial<D>)}
      />
    ),
  });

/** 'Pickup Order No' as the user types it (sent as `orderNumber`); required (fuel, VAS). */
export const pickupOrderColumn = <T extends Row, D extends { pickupOrderNo: string }>(of: RowName<T>) =>
  textDraftColumn<T, D>({
    field: 'pickupOrderNo' as TextDraftColumnOptions<T, D>['field'],
    header: 'Pickup Order No',
    label: 'Pickup order number',
    of,
    width: 130,
    placeholder: 'Required',
  });
