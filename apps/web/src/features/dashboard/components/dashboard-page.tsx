import { Box, SimpleGrid, Stack } from '@mantine/core';
import { IconFileInvoice, IconPackages, IconTruckDelivery, IconTruckLoading } from '@tabler/icons-react';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PageLoadingOverlay } from '@/components/page-loading-overlay';
import { paths } from '@/lib/paths';
import { useRecordCounts } from '../api/get-record-counts';
import { CountCard } from './count-card';

const AWAITING = 'Awaiting posting to SAP';

/** Counts of records awaiting posting, each card a link to its list (spec section 2). */
export function DashboardPage() {
  const { counts, isLoading, error } = useRecordCounts();
  return (
    <Stack gap="lg">
      <PageHeader items={[{ title: 'Dashboard' }]} />
      {error ? (
        <ErrorAlert error={error} />
      ) : (
        <Box pos="relative">
          <PageLoadingOverlay visible={isLoading} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            <CountCard
              title="Sales Invoices"
              count={counts.salesInvoices}
              description={AWAITING}
              to={paths.salesInvoices}
              icon={IconFileInvoice}
            />
            <CountCard
              title="Transporter Invoices (FJ)"
              count={counts.firstJournal}
              description="First journal entry to post"
              to={paths.transporterInvoices}
              state={{ activeTab: 'first-je' }}
              icon={IconTruckDelivery}
            />
            <CountCard
              title="Transporter Invoices (SJ)"
              count={counts.secondJournal}
              description="Second journal entry to post"
              to={paths.transporterInvoices}
              state={{ activeTab: 'second-je' }}
              icon={IconTruckLoading}
            />
            <CountCard
              title="Vas Transactions"
              count={counts.vasTransactions}
              description={AWAITING}
              to={paths.vasTransactions}
              icon={IconPackages}
            />
          </SimpleGrid>
        </Box>
      )}
    </Stack>
  );
}
