import { Card, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PageLoadingOverlay } from '@/components/page-loading-overlay';
import { useReconciliationRuns } from '../api/reconciliations';
import { ReconciliationRunDetailView } from './reconciliation-run-detail';
import { ReconciliationRuns } from './reconciliation-runs';
import { StartReconciliationForm } from './start-reconciliation-form';

/**
 * Reconciliation (issue 11, "Run Reconciliation"): run a comparison of our postings with SAP over a range of
 * posting dates, list the runs (the nightly one too), and show the selected run (`?run=<id>`) with its summary
 * and differences. Without the permission the list answers 403: 'Access Denied'.
 */
export function ReconciliationPage() {
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('run')) || undefined;
  const select = (id: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('run', String(id));
        return next;
      },
      { replace: false },
    );
  const runs = useReconciliationRuns();

  return (
    <Stack gap="md">
      <PageHeader items={[{ title: 'Reconciliation' }]} />
      {runs.isError ? (
        <ErrorAlert error={runs.error} />
      ) : (
        <>
          <Card withBorder radius="md" padding="md">
            <StartReconciliationForm onStarted={select} />
          </Card>
          <Card withBorder radius="md" padding="md" pos="relative" mih={80}>
            <PageLoadingOverlay visible={runs.isLoading} />
            <Stack gap="sm">
              <Title order={2} size="h4">
                Runs
              </Title>
              <ReconciliationRuns runs={runs.data ?? []} selected={selected} onSelect={select} />
            </Stack>
          </Card>
          {selected !== undefined && (
            <Card withBorder radius="md" padding="md">
              <ReconciliationRunDetailView runId={selected} />
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
