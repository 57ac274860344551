import { useState } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { IconCircleNumber1, IconCircleNumber2 } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import type { DateRangeQuery } from '@ff/contract';
import { PageHeader } from '@/components/page-header';
import { FirstJournalTab } from './first-journal-tab';
import { SecondJournalTab } from './second-journal-tab';

export type TransporterTab = 'first-je' | 'second-je';

/** The navigation state's `activeTab` (the dashboard cards send it); first-je when absent or unknown. */
export function tabFromState(state: unknown): TransporterTab {
  const activeTab = state && typeof state === 'object' && 'activeTab' in state ? state.activeTab : undefined;
  return activeTab === 'second-je' ? 'second-je' : 'first-je';
}

export function TransporterInvoicesPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const activeTab = tabFromState(location.state);
  // Each tab keeps its own date filter while the other one is shown.
  const [filters, setFilters] = useState<Record<TransporterTab, DateRangeQuery>>({
    'first-je': {},
    'second-je': {},
  });
  const setTabFilters = (tab: TransporterTab) => (range: DateRangeQuery) =>
    setFilters((previous) => ({ ...previous, [tab]: range }));

  // The tab lives in the history entry's state, so reload and Back keep it. Only the shown tab is mounted,
  // so switching tabs loads that tab's list afresh.
  const onTabChange = (value: string | null) => {
    if (value === 'first-je' || value === 'second-je') {
      void navigate(location.pathname, { replace: true, state: { activeTab: value } });
    }
  };

  return (
    <Stack gap="md">
      <PageHeader items={[{ title: 'Invoices' }, { title: 'Transporter Invoices' }]} />
      <Tabs value={activeTab} onChange={onTabChange} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="first-je" leftSection={<IconCircleNumber1 size={16} aria-hidden />}>
            Post First JE
          </Tabs.Tab>
          <Tabs.Tab value="second-je" leftSection={<IconCircleNumber2 size={16} aria-hidden />}>
            Post Second JE
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="first-je">
          <FirstJournalTab filters={filters['first-je']} onFilter={setTabFilters('first-je')} />
        </Tabs.Panel>
        <Tabs.Panel value="second-je">
          <SecondJournalTab filters={filters['second-je']} onFilter={setTabFilters('second-je')} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
