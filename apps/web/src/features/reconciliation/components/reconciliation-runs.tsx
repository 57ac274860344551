import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReconciliationRun } from '@ff/contract';
import { ACTIONS_HEADER, ScrollTable } from '@/components/scroll-table';
import { formatDate, formatDateTime } from '@/lib/format';
import { differenceTotal, runBadge, startedByLabel } from './labels';

/** The runs, newest first: status, range, when, who (or nightly), and what it found; "View" selects one. */
export function ReconciliationRuns({
  runs,
  selected,
  onSelect,
}: {
  runs: ReconciliationRun[];
  selected: number | undefined;
  onSelect: (id: number) => void;
}) {
  if (!runs.length)
    return (
      <Text size="sm" c="dimmed">
        No reconciliation has run yet.
      </Text>
    );
  return (
    <ScrollTable
      minWidth={720}
      verticalSpacing="xs"
      highlightOnHover
      aria-label="Reconciliation runs"
      headers={['Run', 'Status', 'Posting dates', 'Started', 'By', 'Result', ACTIONS_HEADER]}
    >
      {runs.map((run) => {
        const badge = runBadge(run);
        const count = differenceTotal(run.summary);
        return (
          <Table.Tr key={run.id} bg={run.id === selected ? 'var(--mantine-color-blue-light)' : undefined}>
            <Table.Td>#{run.id}</Table.Td>
            <Table.Td>
              <Badge color={badge.color} variant="light">
                {badge.label}
              </Badge>
            </Table.Td>
            <Table.Td>
              {formatDate(run.fromDate)} to {formatDate(run.toDate)}
            </Table.Td>
            <Table.Td>{formatDateTime(run.createdAt)}</Table.Td>
            <Table.Td>{startedByLabel(run)}</Table.Td>
            <Table.Td>
              {run.summary
                ? `${run.summary.matched} matched, ${count} difference${count === 1 ? '' : 's'}`
                : run.status === 'failed'
                  ? 'Failed'
                  : 'Running'}
            </Table.Td>
            <Table.Td>
              <Button size="compact-sm" variant="subtle" onClick={() => onSelect(run.id)}>
                View<VisuallyHidden> run #{run.id}</VisuallyHidden>
              </Button>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ScrollTable>
  );
}
