import { useCallback, useState, type ReactNode } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { IconCircleNumber1, IconCircleNumber2, IconCircleNumber3 } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import type { DateRangeQuery } from '@ff/contract';
import { RECORD_KINDS_PLAIN, type RecordKindEntry, type RecordKindName } from '@ff/contract/plain';
import { PageHeader } from '@/components/page-header';
import { FIRST_PAGE, type ListPaging } from './list-paging';
import type { AnyPostingKind } from './posting-kind';
import { PostingList } from './posting-list';

const NO_FILTER: DateRangeQuery = {};
const TAB_ICONS = [IconCircleNumber1, IconCircleNumber2, IconCircleNumber3];

const entryOf = (kind: AnyPostingKind): RecordKindEntry => RECORD_KINDS_PLAIN[kind.name as never];
const tabValueOf = (kind: AnyPostingKind): string => kind.tabValue ?? kind.name;

/** The navigation state's `activeTab` (the dashboard cards send it) when it names a tab, else the first tab. */
export function tabFromState(state: unknown, tabs: readonly string[]): string | undefined {
  const activeTab = state && typeof state === 'object' && 'activeTab' in state ? state.activeTab : undefined;
  return tabs.find((tab) => tab === activeTab) ?? tabs[0];
}

export type PostingListPageProps = {
  /** The kinds of one screen (`recordScreens()`), in registry order: one list, or a tab per kind. */
  kinds: readonly AnyPostingKind[];
};

/**
 * A record screen: breadcrumbs and heading (the screen's navigation label), then the kind's list, or one
 * tab per kind labelled by the registry's `screen.tab` (the transporter screen's two journals). Each list
 * keeps its own date filter, page, sorting and search while another tab is shown; a new date filter starts
 * again at the first page.
 */
export function PostingListPage({ kinds }: PostingListPageProps) {
  const [filters, setFilters] = useState<Record<string, DateRangeQuery>>({});
  const [paging, setPaging] = useState<Record<string, ListPaging>>({});
  const updatePaging = useCallback(
    (kind: RecordKindName, update: (previous: ListPaging) => ListPaging) =>
      setPaging((previous) => {
        const current = previous[kind] ?? FIRST_PAGE;
        const next = update(current);
        return next === current ? previous : { ...previous, [kind]: next };
      }),
    [],
  );
  const first = kinds[0];
  if (!first) throw new Error('A record screen shows at least one record kind.');
  const listOf = (kind: AnyPostingKind) => (
    <PostingList
      key={kind.name}
      kind={kind}
      filters={filters[kind.name] ?? NO_FILTER}
      onFilter={(range) => {
        setFilters((previous) => ({ ...previous, [kind.name]: range }));
        updatePaging(kind.name, (previous) => ({ ...previous, pageIndex: 0 }));
      }}
      paging={paging[kind.name] ?? FIRST_PAGE}
      onPagingChange={updatePaging}
    />
  );
  return (
    <Stack gap="md">
      <PageHeader items={[{ title: first.section }, { title: entryOf(first).screen.navLabel }]} />
      {kinds.length === 1 ? listOf(first) : <PostingTabs kinds={kinds} listOf={listOf} />}
    </Stack>
  );
}

type PostingTabsProps = PostingListPageProps & { listOf: (kind: AnyPostingKind) => ReactNode };

/**
 * The tab lives in the history entry's state, so reload and Back keep it. Only the shown tab is mounted, so
 * switching tabs loads that tab's list afresh (docs/spec/product-spec.md section 2).
 */
function PostingTabs({ kinds, listOf }: PostingTabsProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = kinds.map(tabValueOf);
  const onTabChange = (value: string | null) => {
    if (value !== null && tabs.includes(value)) {
      void navigate(location.pathname, { replace: true, state: { activeTab: value } });
    }
  };
  return (
    <Tabs value={tabFromState(location.state, tabs)} onChange={onTabChange} keepMounted={false}>
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
          <Stack gap="md">{listOf(kind)}</Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
