import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, useNavigate, type Location } from 'react-router';
import type { DateRangeQuery } from '@ff/contract';
import { useCurrentUser } from './auth/current-user';
import type { ListControl } from './list-control';

/** One sorted column, as the table names it: `[{ id, desc }]` (table-core's SortingState). */
export type UrlSorting = { id: string; desc: boolean }[];

/** A list's state as the URL holds it: `?q=acme&sort=name:desc&page=2&from=2026-01-01&to=2026-01-31`. */
export type ListUrlState = {
  search: string;
  sorting: UrlSorting;
  /** 0-based, as the table counts; the URL's `page` is this plus 1 and is left out on the first page. */
  pageIndex: number;
  filters: DateRangeQuery;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SORT = /^([A-Za-z0-9_.]+):(asc|desc)$/;

/** A parameter's name for a list: tabbed screens give each tab's list a prefix ('fj' -> 'fj.page'). */
export const paramName = (name: string, prefix?: string) => (prefix ? `${prefix}.${name}` : name);

/** Reads a list's state from the URL's search params; anything unreadable is the default. */
export function parseListState(params: URLSearchParams, prefix?: string): ListUrlState {
  const get = (name: string) => params.get(paramName(name, prefix)) ?? '';
  const page = Number(get('page'));
  const sort = SORT.exec(get('sort'));
  const from = get('from');
  const to = get('to');
  return {
    search: get('q'),
    sorting: sort ? [{ id: sort[1]!, desc: sort[2] === 'desc' }] : [],
    pageIndex: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    filters: { ...(DAY.test(from) ? { fromDate: from } : {}), ...(DAY.test(to) ? { toDate: to } : {}) },
  };
}

/** The search params with a list's state written in (defaults left out), the other params kept. */
export function writeListState(
  params: URLSearchParams,
  state: ListUrlState,
  prefix?: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string) => {
    if (value) next.set(paramName(name, prefix), value);
    else next.delete(paramName(name, prefix));
  };
  const [sort] = state.sorting;
  put('q', state.search);
  put('sort', sort ? `${sort.id}:${sort.desc ? 'desc' : 'asc'}` : '');
  put('page', state.pageIndex > 0 ? String(state.pageIndex + 1) : '');
  put('from', state.filters.fromDate ?? '');
  put('to', state.filters.toDate ?? '');
  return next;
}

/** Where a user's last state of a screen is kept: `ff:list:{userId}:{screenKey}`. */
export const rememberKey = (userId: number | string, screenKey: string) => `ff:list:${userId}:${screenKey}`;

/** The user's last search string of the screen ('?q=...'), or null. */
export function readRemembered(userId: number | string, screenKey: string): string | null {
  try {
    return localStorage.getItem(rememberKey(userId, screenKey)) || null;
  } catch {
    return null;
  }
}

export function remember(userId: number | string, screenKey: string, search: string): void {
  try {
    if (search && search !== '?') localStorage.setItem(rememberKey(userId, screenKey), search);
    else localStorage.removeItem(rememberKey(userId, screenKey));
  } catch {
    // Storage full or refused (private mode): the URL still holds the state.
  }
}

/** A new history entry, the current one replaced, or either as the current search params decide. */
type Mode = 'push' | 'replace' | ((current: URLSearchParams) => 'push' | 'replace');

/**
 * Where the URL is now. The router renders a navigation as a transition, so while the screen waits (a lazy
 * drawer's code, for one) the rendered location lags behind the history; a write based on it would drop what
 * the other writers put there since. The browser and memory histories both say where they are.
 */
function useHistoryLocation(): () => Pick<Location, 'pathname' | 'search' | 'state'> | undefined {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return useCallback(() => (navigator as { location?: Location }).location, [navigator]);
}

/**
 * The screen's search params, remembered per user: opening the screen with a bare URL shows the user's
 * last state of it (and puts it in the URL, replacing the bare entry); every later change is remembered.
 * Several hooks of one screen (a tab, each tab's list, a screen's own filters) share the screen key and the
 * whole search string, and every change is made to the history's current search, never the rendered one.
 */
function useScreenParams(screenKey: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const historyLocation = useHistoryLocation();
  const userId = useCurrentUser().data?.id;
  const [restore, setRestore] = useState(() =>
    location.search === '' && userId !== undefined ? readRemembered(userId, screenKey) : null,
  );
  if (restore !== null && location.search !== '') setRestore(null);
  const search = restore ?? location.search;
  // The latest search string, also between a navigate and the render that shows it (a history without
  // a location of its own).
  const latest = useRef(search);
  latest.current = search;
  const { pathname, state } = location;

  useEffect(() => {
    if (restore !== null) void navigate({ pathname, search: restore }, { replace: true, state });
  }, [restore, navigate, pathname, state]);
  // Remembered as the history has it, not as rendered: a render that lags behind two quick changes must
  // not put back the first of them (and a page left before the render keeps what `write` remembered).
  useEffect(() => {
    if (restore !== null || userId === undefined) return;
    const now = historyLocation();
    if (now && now.pathname !== pathname) return;
    remember(userId, screenKey, now?.search ?? location.search);
  }, [restore, userId, screenKey, location.search, historyLocation, pathname]);

  const write = useCallback(
    (update: (params: URLSearchParams) => URLSearchParams, mode: Mode) => {
      const now = historyLocation() ?? { pathname, search: latest.current, state };
      // The user has left the screen (a link's navigation still rendering): a late write must not return there.
      if (now.pathname !== pathname) return;
      const replace =
        (typeof mode === 'function' ? mode(new URLSearchParams(now.search)) : mode) === 'replace';
      const next = `?${update(new URLSearchParams(now.search)).toString()}`;
      const normalised = next === '?' ? '' : next;
      if (normalised === now.search) return;
      latest.current = normalised;
      // Remembered now, not once the screen shows it: the user may leave before that render (a link, a reload).
      if (userId !== undefined) remember(userId, screenKey, normalised);
      void navigate({ pathname, search: normalised }, { replace, state: now.state });
    },
    [historyLocation, navigate, pathname, state, userId, screenKey],
  );
  return { params: useMemo(() => new URLSearchParams(search), [search]), write };
}

/**
 * A screen's own parameters beside its list's state (`?kind=&status=`, `?user=&event=`, a drawer's `?posting=`):
 * `set` puts or clears each named one (a new history entry) and, unless `keepPage`, goes back to the first page.
 * It writes through the same writer as the list, so neither drops what the other wrote.
 */
export function useScreenFilters(screenKey: string) {
  const { params, write } = useScreenParams(screenKey);
  const set = useCallback(
    (changes: Record<string, string | null>, options: { keepPage?: boolean } = {}) =>
      write((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!options.keepPage) next.delete('page');
        return next;
      }, 'push'),
    [write],
  );
  return { params, set };
}

/** What `useListUrlState` answers: the state, its setters, and `control` for `<DataTable control>`. */
export type ListUrlHandle = ListUrlState & {
  /** The search as it is in the URL (written 300 ms after the last keystroke): what to send the server. */
  appliedSearch: string;
  /**
   * The first search after another change is a new history entry, later ones replace it (typing is not a Back
   * step); the page goes back to the first.
   */
  setSearch: (search: string) => void;
  /** A new history entry; the page goes back to the first. */
  setSorting: (sorting: UrlSorting) => void;
  /** A new history entry. */
  setPageIndex: (pageIndex: number) => void;
  /** A new history entry; the page goes back to the first. */
  setFilters: (filters: DateRangeQuery) => void;
  /** The props of a client-mode DataTable's `control` (stable while the state is the same). */
  control: ListControl;
};

const SEARCH_DELAY_MS = 300;

/**
 * A list's filters, search, sort and page in the URL (shareable; Back and Forward step through pages,
 * sorts and filters) and remembered per user per screen (`ff:list:{userId}:{screenKey}`), so a bare URL
 * opens the screen as the user left it. `prefix` keeps each tab's list apart on a tabbed screen.
 * The search box answers at once; the URL follows 300 ms after the last keystroke.
 */
export function useListUrlState(screenKey: string, options: { prefix?: string } = {}): ListUrlHandle {
  const { prefix } = options;
  const { params, write } = useScreenParams(screenKey);
  const url = useMemo(() => parseListState(params, prefix), [params, prefix]);
  // The typed search until the URL has it (null: the URL's); `written` once it was sent to the URL.
  const [typed, setTyped] = useState<{ text: string; written: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (typed?.written && typed.text === url.search) setTyped(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const update = useCallback(
    (change: Partial<ListUrlState>, mode: Mode) =>
      write((current) => {
        const state = { ...parseListState(current, prefix), ...change };
        return writeListState(current, state, prefix);
      }, mode),
    [write, prefix],
  );
  // The search this list last wrote to the URL: while the history's entry still holds it, the next search
  // replaces that entry (typing on is not a Back step); otherwise (a filter, sort or page came between, or the
  // entry is another's) the search gets an entry of its own, so Back returns to what was there before it.
  const lastSearch = useRef<string | null>(null);
  const setSearch = useCallback(
    (search: string) => {
      setTyped({ text: search, written: false });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setTyped({ text: search, written: true });
        const previous = lastSearch.current;
        const mode = (current: URLSearchParams) =>
          previous !== null && parseListState(current, prefix).search === previous ? 'replace' : 'push';
        lastSearch.current = search;
        update({ search, pageIndex: 0 }, mode);
      }, SEARCH_DELAY_MS);
    },
    [update, prefix],
  );
  const setSorting = useCallback(
    (sorting: UrlSorting) => update({ sorting, pageIndex: 0 }, 'push'),
    [update],
  );
  const setPageIndex = useCallback((pageIndex: number) => update({ pageIndex }, 'push'), [update]);
  const setFilters = useCallback(
    (filters: DateRangeQuery) => update({ filters, pageIndex: 0 }, 'push'),
    [update],
  );

  const search = typed?.text ?? url.search;
  // While a typed search waits for the URL, the rows it matches are shown from their first page.
  const pageIndex = search !== url.search ? 0 : url.pageIndex;
  const control = useMemo(
    () => ({
      search,
      onSearchChange: setSearch,
      sorting: url.sorting,
      onSortingChange: setSorting,
      pageIndex,
      onPageIndexChange: setPageIndex,
    }),
    [search, setSearch, url.sorting, setSorting, pageIndex, setPageIndex],
  );
  return {
    ...url,
    search,
    pageIndex,
    appliedSearch: url.search,
    setSearch,
    setSorting,
    setPageIndex,
    setFilters,
    control,
  };
}

/**
 * A tabbed screen's tab in the URL (`?tab=second-je`, a new history entry per switch), remembered with the
 * screen's lists. `fallback` is the tab when the URL names none (e.g. one a link's navigation state asked for).
 */
export function useUrlTab<V extends string>(
  screenKey: string,
  options: { values: readonly V[]; fallback: V; param?: string },
): [V, (tab: V) => void] {
  const { values, fallback, param = 'tab' } = options;
  const { params, write } = useScreenParams(screenKey);
  const value = params.get(param);
  const tab = values.includes(value as V) ? (value as V) : fallback;
  const setTab = useCallback(
    (next: V) =>
      write((current) => {
        const updated = new URLSearchParams(current);
        updated.set(param, next);
        return updated;
      }, 'push'),
    [write, param],
  );
  return [tab, setTab];
}
