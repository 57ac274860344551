import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reconcilePostingState, usePostingRows, type PostingDraft } from './use-posting-rows';

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
  const initialProps: { list: Row[] | undefined } = { list: initialRows };
  return renderHook(({ list }) => usePostingRows({ rows: list, initialDraft, isReady }), { initialProps });
}

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

  it('keeps drafts and selection of rows still listed and drops those of rows that left', () => {
    const { result, rerender } = setup();
    act(() => result.current.setDraft(3, { supplierInvoiceNumber: 'EDITED' }));
    act(() => result.current.setRowSelection({ '1': true, '3': true }));
    const reloaded = [rows[2]!, { id: 4, trip: 'TRP-4', supplierInvoiceNumber: 'INV-4' }];
    rerender({ list: reloaded });
    expect(Object.keys(result.current.drafts).sort()).toEqual(['3', '4']);
    expect(result.current.drafts['3']?.supplierInvoiceNumber).toBe('EDITED');
    expect(result.current.rowSelection).toEqual({ '3': true });
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
  it('returns the same state when nothing changes', () => {
    const state = { drafts: { '1': initialDraft(rows[0]!) }, selection: { '1': true } };
    expect(reconcilePostingState(state, [rows[0]!], initialDraft, isReady)).toBe(state);
  });

  it('drops selected rows that are no longer ready', () => {
    const state = {
      drafts: { '1': { postingDate: null, supplierInvoiceNumber: 'x' } },
      selection: { '1': true },
    };
    expect(reconcilePostingState(state, [rows[0]!], initialDraft, isReady).selection).toEqual({});
  });
});
