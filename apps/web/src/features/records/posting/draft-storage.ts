import { useEffect, useMemo } from 'react';
import type { SavedRow } from './use-posting-rows';

/**
 * Drafts survive (issue 12): the inputs the user typed into a posting screen's rows and its selection are
 * kept in this tab's sessionStorage per user and screen (`ff:drafts:{userId}:{kind}`), so a reload or a
 * sign-out and sign-in in the same tab brings them back onto the rows as they load. A posted row's entry is
 * dropped. Dates are stored as ISO instants.
 */

/** One row's saved inputs: the draft's fields, a Date as `{ $date: iso }`. */
type SavedDraft = Record<string, unknown>;
export type SavedDrafts = { drafts: Record<string, SavedDraft>; selected: string[] };

const EMPTY: SavedDrafts = { drafts: {}, selected: [] };

export const draftStorageKey = (userId: number | string, screen: string) => `ff:drafts:${userId}:${screen}`;

const isDateEntry = (value: unknown): value is { $date: string } =>
  typeof value === 'object' && value !== null && '$date' in value && typeof value.$date === 'string';

/** A draft as JSON-safe fields. */
export function toSaved(draft: object): SavedDraft {
  const out: SavedDraft = {};
  for (const [field, value] of Object.entries(draft)) {
    out[field] = value instanceof Date ? { $date: value.toISOString() } : value;
  }
  return out;
}

/** Saved fields back onto a fresh draft (only the fields the draft has). */
export function fromSaved<D extends object>(initial: D, saved: SavedDraft | undefined): D {
  if (!saved) return initial;
  const out: Record<string, unknown> = { ...(initial as Record<string, unknown>) };
  for (const field of Object.keys(initial)) {
    if (!(field in saved)) continue;
    const value = saved[field];
    out[field] = isDateEntry(value) ? new Date(value.$date) : value;
  }
  return out as D;
}

export function readSavedDrafts(key: string | null): SavedDrafts {
  if (!key) return EMPTY;
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    if (value && typeof value === 'object' && 'drafts' in value && 'selected' in value) {
      const { drafts, selected } = value as SavedDrafts;
      if (drafts && typeof drafts === 'object' && Array.isArray(selected)) return { drafts, selected };
    }
  } catch {
    // Unreadable or unavailable storage: start afresh.
  }
  return EMPTY;
}

function writeSavedDrafts(key: string, saved: SavedDrafts): void {
  try {
    if (Object.keys(saved.drafts).length === 0 && saved.selected.length === 0) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(saved));
  } catch {
    // A full or disabled storage only loses the convenience.
  }
}

/** What the posting rows give the storage: every seen row's draft, the selection and the touched rows. */
export type DraftsToSave<D> = {
  drafts: Record<string, D>;
  selection: Record<string, boolean>;
  touched: Record<string, true>;
};

/**
 * The saved drafts of a screen, read once per key: `restore(id, initial)` puts a row's saved inputs on its
 * fresh draft, `savedRow(row)` tells whether it has saved inputs or was selected. `useSaveDrafts` writes
 * them back.
 */
export function useSavedDrafts(key: string | null) {
  return useMemo(() => {
    const saved = readSavedDrafts(key);
    const selected = new Set(saved.selected);
    return {
      key,
      saved,
      restore: <D extends object>(id: number, initial: D): D => fromSaved(initial, saved.drafts[String(id)]),
      savedRow: (row: { id: number }): SavedRow =>
        selected.has(String(row.id)) ? 'selected' : saved.drafts[String(row.id)] ? 'touched' : null,
    };
  }, [key]);
}

/**
 * Writes the rows the user touched or selected (and keeps the saved ones of rows not loaded yet); rows seen
 * but neither touched nor selected (posted ones included) leave the storage.
 */
export function mergeSavedDrafts<D extends object>(previous: SavedDrafts, now: DraftsToSave<D>): SavedDrafts {
  const drafts: Record<string, SavedDraft> = {};
  for (const [id, saved] of Object.entries(previous.drafts)) if (!(id in now.drafts)) drafts[id] = saved;
  const selected = previous.selected.filter((id) => !(id in now.drafts));
  for (const id of new Set([...Object.keys(now.touched), ...Object.keys(now.selection)])) {
    const draft = now.drafts[id];
    if (draft) drafts[id] = toSaved(draft);
  }
  for (const id of Object.keys(now.selection)) if (now.selection[id]) selected.push(id);
  return { drafts, selected };
}

export function useSaveDrafts<D extends object>(
  store: ReturnType<typeof useSavedDrafts>,
  now: DraftsToSave<D>,
): void {
  const { drafts, selection, touched } = now;
  useEffect(() => {
    if (!store.key) return;
    // Nothing seen yet (the first page is loading): leave what is saved alone.
    if (Object.keys(drafts).length === 0) return;
    writeSavedDrafts(store.key, mergeSavedDrafts(readSavedDrafts(store.key), { drafts, selection, touched }));
  }, [store, drafts, selection, touched]);
}
