import { Box, SimpleGrid, Stack } from '@mantine/core';
import type { DashboardSummary } from '@ff/contract';
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
import { formatCount } from '@/lib/format';
import { useRecordCounts } from '../api/get-dashboard-summary';
import { agingRows, kindFigures, postedRows, type KindFigures } from '../lib/dashboard-figures';
import { AttentionCards } from './attention-cards';
import { AwaitingTable } from './awaiting-table';
import { ChartFigure } from './chart-figure';
import { CountCard } from './count-card';
import { SapStatusCard } from './sap-status-card';

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

const sum = (rows: { total: number }[]) => rows.reduce((total, row) => total + row.total, 0);

/** The SAP status, what needs attention, the awaiting figures per kind and the two charts (issue 12). */
function Figures({ summary }: { summary: DashboardSummary }) {
  const kinds: KindFigures[] = kindFigures(summary);
  const aging = agingRows(kinds);
  const posted = postedRows(kinds);
  const old = aging.at(-1)?.total ?? 0;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <SapStatusCard />
        {kinds.length > 0 && <AttentionCards kinds={kinds} />}
      </SimpleGrid>
      {kinds.length > 0 && (
        <>
          <AwaitingTable kinds={kinds} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <ChartFigure
              title="Waiting time of records awaiting posting"
              summary={`${formatCount(sum(aging))} records await posting; ${formatCount(old)} of them are over 60 days past their document date.`}
              rowHeading="Days since the document date"
              rows={aging}
              kinds={kinds}
            />
            <ChartFigure
              title="Posted per day, last 30 days"
              summary={`${formatCount(sum(posted))} records posted to SAP in the last 30 days, ${formatCount(posted.at(-1)?.total ?? 0)} of them today.`}
              rowHeading="Day"
              rows={posted}
              kinds={kinds}
              tickInterval={6}
            />
          </SimpleGrid>
        </>
      )}
    </>
  );
}

/**
 * Counts of records awaiting posting, each card a link to its list (docs/spec/product-spec.md section 2),
 * from the dashboard summary. Every card shows '–' while it loads; then a kind the user may not view (absent
 * from the summary) has no card. Below them: the SAP connection, failures and queue, and the charts.
 */
export function DashboardPage() {
  const { counts, isLoading, error, data } = useRecordCounts();
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
      {data ? <Figures summary={data} /> : !error && <SapStatusCard />}
    </Stack>
  );
}
