import { useEffect, type ReactNode } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { IconCircleNumber1, IconCircleNumber2, IconCircleNumber3 } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { RECORD_KINDS_PLAIN, type RecordKindEntry } from '@ff/contract/plain';
import { PageHeader } from '@/components/page-header';
import { useUrlTab } from '@/lib/url-state';
import type { AnyPostingKind } from './posting-kind';
import { PostingList } from './posting-list';

const TAB_ICONS = [IconCircleNumber1, IconCircleNumber2, IconCircleNumber3];

const entryOf = (kind: AnyPostingKind): RecordKindEntry => RECORD_KINDS_PLAIN[kind.name as never];
const tabValueOf = (kind: AnyPostingKind): string => kind.tabValue ?? kind.name;
/** A tab's list's URL prefix: the initials of its value ('first-je' -> 'fj'). */
const urlPrefixOf = (tab: string) =>
  tab
    .split('-')
    .map((word) => word.charAt(0))
    .join('');
/** The screen's key for its URL state remembered per user: its navigation label in kebab case. */
const screenKeyOf = (kind: AnyPostingKind) =>
  entryOf(kind).screen.navLabel.toLowerCase().replace(/\s+/g, '-');

/** The navigation state's `activeTab` (the dashboard cards send it) when it names a tab, else the first tab. */
export function tabFromState(state: unknown, tabs: readonly string[]): string | undefined {
  return stateTab(state, tabs) ?? tabs[0];
}

/** The navigation state's `activeTab` when it names one of the tabs. */
function stateTab(state: unknown, tabs: readonly string[]): string | undefined {
  const activeTab = state && typeof state === 'object' && 'activeTab' in state ? state.activeTab : undefined;
  return tabs.find((tab) => tab === activeTab);
}

/** The navigation state without `activeTab` (other fields kept). */
function withoutActiveTab(state: unknown): unknown {
  if (!state || typeof state !== 'object' || !('activeTab' in state)) return state;
  const { activeTab: _dropped, ...rest } = state as Record<string, unknown>;
  return Object.keys(rest).length > 0 ? rest : null;
}

export type PostingListPageProps = {
  /** The kinds of one screen (`recordScreens()`), in registry order: one list, or a tab per kind. */
  kinds: readonly AnyPostingKind[];
};

/**
 * A record screen: breadcrumbs and heading (the screen's navigation label), then the kind's list, or one
 * tab per kind labelled by the registry's `screen.tab` (the transporter screen's two journals). Each list
 * keeps its own date filter, page, sorting and search in the URL (issue 12), so a tab keeps them while
 * another is shown, Back steps through them, and the screen opens as the user left it.
 */
export function PostingListPage({ kinds }: PostingListPageProps) {
  const first = kinds[0];
  if (!first) throw new Error('A record screen shows at least one record kind.');
  const screenKey = screenKeyOf(first);
  const listOf = (kind: AnyPostingKind, urlPrefix?: string) => (
    <PostingList key={kind.name} kind={kind} screenKey={screenKey} urlPrefix={urlPrefix} />
  );
  return (
    <Stack gap="md">
      <PageHeader items={[{ title: first.section }, { title: entryOf(first).screen.navLabel }]} />
      {kinds.length === 1 ? (
        listOf(first)
      ) : (
        <PostingTabs kinds={kinds} listOf={listOf} screenKey={screenKey} />
      )}
    </Stack>
  );
}

type PostingTabsProps = PostingListPageProps & {
  screenKey: string;
  listOf: (kind: AnyPostingKind, urlPrefix: string) => ReactNode;
};

/**
 * The tab lives in the URL (`?tab=second-je`) with the lists' state, remembered per user. A link's
 * navigation state `activeTab` (the dashboard cards) wins over the remembered tab: it is written into the
 * URL and dropped from the state. Only the shown tab is mounted, so switching tabs loads that tab's list
 * afresh (docs/spec/product-spec.md section 2).
 */
function PostingTabs({ kinds, listOf, screenKey }: PostingTabsProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = kinds.map(tabValueOf);
  const asked = stateTab(location.state, tabs);
  const [urlTab, setUrlTab] = useUrlTab(screenKey, { values: tabs, fallback: asked ?? tabs[0]! });
  const tab = asked ?? urlTab;
  const { pathname, search, state } = location;
  useEffect(() => {
    // A bare URL first takes the remembered state; the asked tab is then written over it.
    if (!asked || search === '') return;
    const params = new URLSearchParams(search);
    params.set('tab', asked);
    void navigate(
      { pathname, search: `?${params.toString()}` },
      { replace: true, state: withoutActiveTab(state) },
    );
  }, [asked, search, pathname, state, navigate]);
  const onTabChange = (value: string | null) => {
    if (value === null || !tabs.includes(value)) return;
    if (asked) {
      const params = new URLSearchParams(search);
      params.set('tab', value);
      void navigate({ pathname, search: `?${params.toString()}` }, { state: withoutActiveTab(state) });
    } else setUrlTab(value);
  };
  return (
    <Tabs value={tab} onChange={onTabChange} keepMounted={false}>
      <Tabs.List mb="md">
        {kinds.map((kind, index) => {
          const Icon = TAB_ICONS[index];
          return (
            <Tabs.Tab
              key={kind.name}
              value={tabValueOf(kind)}
              leftSection={Icon && <Icon size={16} aria-hidden />}
            >
              {entryOf(kind).screen.tab}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {kinds.map((kind) => (
        <Tabs.Panel key={kind.name} value={tabValueOf(kind)}>
          <Stack gap="md">{listOf(kind, urlPrefixOf(tabValueOf(kind)))}</Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
