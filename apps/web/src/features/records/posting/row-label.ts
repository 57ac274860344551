import { useMemo } from 'react';

/**
 * What a posting row's checkbox (and its phone-width details toggle) names after 'Select' (issue 26, defect 16:
 * a sorted list's first row read 'Select row 89').
 */
/** 'trip TRP-2026-0031' (or the kind's own name of the row, 'order ORD-1'); 'record 12' for a row without a trip. */
export function rowLabelOf<T extends { id: number }>(rowName: ((row: T) => string) | undefined) {
  return (row: T) => {
    if (rowName) return rowName(row).replace(/^of /, '');
    const trip = (row as { tripNumber?: string | null }).tripNumber;
    return trip ? `trip ${trip}` : `record ${row.id}`;
  };
}

/** `rowLabelOf` kept while the kind's `rowName` is the same (the table's options stay stable). */
export const useRowLabel = <T extends { id: number }>(rowName: ((row: T) => string) | undefined) =>
  useMemo(() => rowLabelOf(rowName), [rowName]);
