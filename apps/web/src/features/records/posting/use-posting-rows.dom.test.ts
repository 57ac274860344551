import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emptyPostingState,
  reconcilePostingState,
  usePostingRows,
  type PostingDraft,
} from './use-posting-rows';

type Row = { id: number; trip: string; supplierInvoiceNumber: string | null };
type Draft = PostingDraft & { supplierInvoiceNumber: string };

const rows: Row[] = [
  { id: 1, trip: 'TRP-1', supplierInvoiceNumber: 'INV-1' },
  { id: 2, trip: 'TRP-2', supplierInvoiceNumber: null },
  { id: 3, trip: 'TRP-3', supplierInvoiceNumber: 'INV-3' },
];
const NOW = new Date(2026, 10, 21, 10, 30);
const initialDraft = (row: Row): Draft => ({
  postingDate: NOW,
  supplierInvoiceNumber: row.supplierInvoiceNumber ?? '',
});
const isReady = (_row: Row, draft: Draft) =>
  draft.postingDate !== null && draft.supplierInvoiceNumber.trim() !== '';

function setup(initialRows: Row[] | undefined = rows) {
  const initialProps: { list: Row[] | undefined; context?: unknown } = { list: initialRows };
  return renderHook(
    ({ list, context }) =>
      usePostingRows({
        rows: list,
        initialDraft,
        // The context, when given, names trips that may not be posted (a screen's loaded rules).
        isReady: (row, draft) =>
          isReady(row, draft) &&
          !(context as { blocked?: string[] } | undefined)?.blocked?.includes(row.trip),
        context,
      }),
    { initialProps },
  );
}

/** A second page of the list. */
const page2: Row[] = [
  { id: 4, trip: 'TRP-4', supplierInvoiceNumber: 'INV-4' },
  { id: 5, trip: 'TRP-5', supplierInvoiceNumber: null },
];

describe('usePostingRows', () => {
  it('gives every row its initial draft', () => {
    const { result } = setup();
    expect(Object.keys(result.current.drafts)).toEqual(['1', '2', '3']);
    expect(result.current.draftOf(rows[0]!)).toEqual({ postingDate: NOW, supplierInvoiceNumber: 'INV-1' });
    expect(result.current.rowSelection).toEqual({});
    expect(result.current.selectedRows).toEqual([]);
  });

  it('lets only ready rows be selected', () => {
    const { result } = setup();
    expect(result.current.canSelect(rows[0]!)).toBe(true);
    expect(result.current.canSelect(rows[1]!)).toBe(false);
    act(() => result.current.setRowSelection({ '1': true, '2': true, '3': false, '99': true }));
    expect(result.current.rowSelection).toEqual({ '1': true });
    expect(result.current.selectedRows.map((s) => s.row.id)).toEqual([1]);
  });

  it('makes a row selectable once its inputs are filled', () => {
    const { result } = setup();
    act(() => result.current.setDraft(2, { supplierInvoiceNumber: 'SUP-2' }));
    expect(result.current.canSelect(rows[1]!)).toBe(true);
    act(() => result.current.setRowSelection({ '2': true }));
    expect(result.current.selectedRows).toEqual([
      { row: rows[1], draft: { postingDate: NOW, supplierInvoiceNumber: 'SUP-2' } },
    ]);
  });

  it('deselects a row at once when its posting date or another required input is cleared', () => {
    const { result } = setup();
    act(() => result.current.setRowSelection({ '1': true, '3': true }));
    act(() => result.current.setDraft(1, { postingDate: null }));
    expect(result.current.rowSelection).toEqual({ '3': true });
    act(() => result.current.setDraft(3, { supplierInvoiceNumber: '  ' }));
    expect(result.current.rowSelection).toEqual({});
    // Filling the input again does not reselect on its own.
    act(() => result.current.setDraft(3, { supplierInvoiceNumber: 'INV-3b' }));
    expect(result.current.rowSelection).toEqual({});
  });

  it('keeps a selected row selected while a change leaves it ready', () => {
    const { result } = setup();
    act(() => result.current.setRowSelection({ '1': true }));
    const later = new Date(2026, 10, 21, 9, 0);
    act(() => result.current.setDraft(1, { postingDate: later }));
    expect(result.current.selectedRows).toEqual([
      { row: rows[0], draft: { postingDate: later, supplierInvoiceNumber: 'INV-1' } },
    ]);
  });

  it('keeps the rows, drafts and selection of a page while another page is shown, and posts them all', () => {
    const { result, rerender } = setup();
    act(() => result.current.setDraft(3, { supplierInvoiceNumber: 'EDITED' }));
    act(() => result.current.setRowSelection({ '1': true, '3': true }));
    rerender({ list: page2 });
    expect(Object.keys(result.current.drafts)).toEqual(['1', '2', '3', '4', '5']);
    expect(result.current.drafts['3']?.supplierInvoiceNumber).toBe('EDITED');
    act(() => result.current.setRowSelection({ ...result.current.rowSelection, '4': true, '5': true }));
    expect(result.current.rowSelection).toEqual({ '1': true, '3': true, '4': true });
    expect(result.current.selectedRows).toEqual([
      { row: rows[0], draft: { postingDate: NOW, supplierInvoiceNumber: 'INV-1' } },
      { row: rows[2], draft: { postingDate: NOW, supplierInvoiceNumber: 'EDITED' } },
      { row: page2[0], draft: { postingDate: NOW, supplierInvoiceNumber: 'INV-4' } },
    ]);
    // Back on page 1: its rows are still selected with their inputs.
    rerender({ list: rows });
    expect(result.current.draftOf(rows[2]!).supplierInvoiceNumber).toBe('EDITED');
    expect(result.current.selectedRows.map((s) => s.row.id)).toEqual([1, 3, 4]);
  });

  it('gives a reloaded row its new values and keeps its draft and selection', () => {
    const { result, rerender } = setup();
    act(() => result.current.setDraft(1, { supplierInvoiceNumber: 'KEPT' }));
    act(() => result.current.setRowSelection({ '1': true }));
    const reloaded = { ...rows[0]!, trip: 'TRP-1 (failed)' };
    rerender({ list: [reloaded, rows[1]!, rows[2]!] });
    expect(result.current.selectedRows).toEqual([
      { row: reloaded, draft: { postingDate: NOW, supplierInvoiceNumber: 'KEPT' } },
    ]);
  });

  it('deselects a row on another page when a change of context leaves it not ready', () => {
    const { result, rerender } = setup();
    act(() => result.current.setRowSelection({ '1': true, '3': true }));
    rerender({ list: page2 });
    rerender({ list: page2, context: { blocked: ['TRP-3'] } });
    expect(result.current.rowSelection).toEqual({ '1': true });
    expect(result.current.selectedRows.map((s) => s.row.id)).toEqual([1]);
  });

  it('selects only rows it has seen', () => {
    const { result } = setup();
    act(() => result.current.setRowSelection({ '1': true, '4': true }));
    expect(result.current.rowSelection).toEqual({ '1': true });
  });

  it('adds rows beyond the page and selects every ready one, keeping the drafts it has', () => {
    const { result } = setup();
    act(() => result.current.setDraft(1, { supplierInvoiceNumber: 'MINE' }));
    act(() => result.current.addRows([rows[0]!, ...page2], { select: true }));
    expect(result.current.rowSelection).toEqual({ '1': true, '4': true });
    expect(result.current.drafts['1']?.supplierInvoiceNumber).toBe('MINE');
    expect(result.current.drafts['5']).toEqual({ postingDate: NOW, supplierInvoiceNumber: '' });
    // Without `select` the rows are only kept.
    act(() => result.current.clear());
    act(() => result.current.addRows([{ id: 6, trip: 'TRP-6', supplierInvoiceNumber: 'INV-6' }]));
    expect(result.current.rowSelection).toEqual({});
    expect(result.current.drafts['6']?.supplierInvoiceNumber).toBe('INV-6');
  });

  it('keeps only the rows a new date filter accepts', () => {
    const { result, rerender } = setup();
    act(() => result.current.setRowSelection({ '1': true, '3': true }));
    rerender({ list: page2 });
    act(() => result.current.setRowSelection({ ...result.current.rowSelection, '4': true }));
    act(() => result.current.retain((row) => row.id >= 3));
    expect(Object.keys(result.current.drafts)).toEqual(['3', '4', '5']);
    expect(result.current.selectedRows.map((s) => s.row.id)).toEqual([3, 4]);
  });

  it('leaves everything alone while the list is not loaded', () => {
    const { result, rerender } = setup();
    act(() => result.current.setRowSelection({ '1': true }));
    rerender({ list: undefined });
    expect(result.current.rowSelection).toEqual({ '1': true });
    expect(Object.keys(result.current.drafts)).toHaveLength(3);
  });

  it('keeps its helpers stable while nothing changes, even with a new but equal rows array', () => {
    const { result, rerender } = setup();
    const { draftOf, setDraft, rowSelection } = result.current;
    rerender({ list: [...rows] });
    expect(result.current.draftOf).toBe(draftOf);
    expect(result.current.setDraft).toBe(setDraft);
    expect(result.current.rowSelection).toBe(rowSelection);
  });

  it('hands out a new selection object when a row becomes selectable or stops being so', () => {
    const { result } = setup();
    const before = result.current.rowSelection;
    act(() => result.current.setDraft(1, { postingDate: new Date(2026, 10, 21, 9, 0) }));
    expect(result.current.rowSelection).toBe(before);
    act(() => result.current.setDraft(2, { supplierInvoiceNumber: 'S' }));
    const afterReady = result.current.rowSelection;
    expect(afterReady).not.toBe(before);
    expect(afterReady).toEqual({});
    act(() => result.current.setDraft(2, { supplierInvoiceNumber: 'SU' }));
    expect(result.current.rowSelection).toBe(afterReady);
  });

  it('clears the selection but keeps the drafts', () => {
    const { result } = setup();
    act(() => result.current.setDraft(2, { supplierInvoiceNumber: 'SUP-2' }));
    act(() => result.current.setRowSelection({ '1': true, '2': true }));
    act(() => result.current.clear());
    expect(result.current.rowSelection).toEqual({});
    expect(result.current.drafts['2']?.supplierInvoiceNumber).toBe('SUP-2');
  });
});

describe('reconcilePostingState', () => {
  it('returns the same state for the page and context already brought in', () => {
    const state = reconcilePostingState(
      emptyPostingState<Row, Draft>(),
      rows,
      undefined,
      initialDraft,
      isReady,
    );
    expect(reconcilePostingState(state, rows, undefined, initialDraft, isReady)).toBe(state);
    const again = reconcilePostingState(state, [...rows], undefined, initialDraft, isReady);
    expect(again.drafts).toBe(state.drafts);
    expect(again.rows).toBe(state.rows);
  });

  it('drops selected rows that are no longer ready, on any page', () => {
    const seen = reconcilePostingState(
      emptyPostingState<Row, Draft>(),
      rows,
      undefined,
      initialDraft,
      isReady,
    );
    const state = {
      ...seen,
      drafts: { ...seen.drafts, '1': { postingDate: null, supplierInvoiceNumber: 'x' } },
      selection: { '1': true, '3': true },
    };
    expect(reconcilePostingState(state, page2, undefined, initialDraft, isReady).selection).toEqual({
      '3': true,
    });
  });
});
