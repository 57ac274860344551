import { Box, SimpleGrid, Stack } from '@mantine/core';
import {
  IconFileInvoice,
  IconPackages,
  IconTruckDelivery,
  IconTruckLoading,
  type Icon,
} from '@tabler/icons-react';
import { RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract/plain';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PageLoadingOverlay } from '@/components/page-loading-overlay';
import { useRecordCounts } from '../api/get-dashboard-summary';
import { CountCard } from './count-card';

const AWAITING = 'Awaiting posting to SAP';

type Card = { kind: RecordKindName; title: string; description: string; icon: Icon; activeTab?: string };

/** The cards in the spec's order; the transporter cards open their tab (the navigation state's activeTab). */
const CARDS: Card[] = [
  { kind: 'salesInvoice', title: 'Sales Invoices', description: AWAITING, icon: IconFileInvoice },
  {
    kind: 'firstJournal',
    title: 'Transporter Invoices (FJ)',
    description: 'First journal entry to post',
    icon: IconTruckDelivery,
    activeTab: 'first-je',
  },
  {
    kind: 'secondJournal',
    title: 'Transporter Invoices (SJ)',
    description: 'Second journal entry to post',
    icon: IconTruckLoading,
    activeTab: 'second-je',
  },
  { kind: 'vasTransaction', title: 'Vas Transactions', description: AWAITING, icon: IconPackages },
];

/**
 * Counts of records awaiting posting, each card a link to its list (docs/spec/product-spec.md section 2),
 * from the dashboard summary. Every card shows '–' while it loads; then a kind the user may not view (absent
 * from the summary) has no card.
 */
export function DashboardPage() {
  const { counts, isLoading, error } = useRecordCounts();
  const cards = isLoading ? CARDS : CARDS.filter(({ kind }) => counts[kind] !== undefined);
  return (
    <Stack gap="lg">
      <PageHeader items={[{ title: 'Dashboard' }]} />
      {error ? (
        <ErrorAlert error={error} />
      ) : (
        <Box pos="relative">
          <PageLoadingOverlay visible={isLoading} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {cards.map(({ kind, activeTab, ...card }) => (
              <CountCard
                key={kind}
                {...card}
                count={counts[kind]}
                to={RECORD_KINDS_PLAIN[kind].screen.path}
                state={activeTab ? { activeTab } : undefined}
              />
            ))}
          </SimpleGrid>
        </Box>
      )}
    </Stack>
  );
}
