import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReconciliationDifference, ReconciliationRunDetail } from '@ff/contract';
import { ErrorAlert } from '@/components/error-alert';
import { ScrollTable } from '@/components/scroll-table';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatMoney } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAdoptDifference, useReconciliationRun } from '../api/reconciliations';
import { DIFFERENCE_TYPES, hiddenLine, kindLabel } from './labels';
import { PostingLink } from './posting-link';

const ADOPT_FAILED = "SAP's document could not be adopted. Please try again.";

function SummaryCards({ run }: { run: ReconciliationRunDetail }) {
  const summary = run.summary!;
  const cards: [string, number, string][] = [
    ['Matched', summary.matched, 'green'],
    ...Object.values(DIFFERENCE_TYPES).map(
      (t) => [t.label, summary[t.summary], summary[t.summary] ? t.color : 'gray'] as [string, number, string],
    ),
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" aria-label="Summary">
      {cards.map(([label, count, color]) => (
        <Card key={label} withBorder padding="sm" radius="md">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="xl" fw={700} c={count ? color : undefined}>
            {count}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

// A record not posted here has an amount but, until a posting date is chosen for it, no date. A foreign-currency
// document's amounts carry their currency ('USD 1,234.56'), both sides being compared in it.
const side = (value: ReconciliationDifference['ours'], currency?: string | null) =>
  !value
    ? 'None'
    : value.postingDate
      ? `${formatMoney(value.amount, currency)} on ${formatDate(value.postingDate)}`
      : formatMoney(value.amount, currency);

/**
 * A type badge shows its whole label ('Missing in SAP', not 'MISSING I...'): the column may not squeeze it
 * (issue 26, item 11).
 */
const WHOLE_BADGE = {
  root: { minWidth: 'max-content', overflow: 'visible' },
  label: { overflow: 'visible', textOverflow: 'clip' },
};

/**
 * What can be done about a difference, as the server offers it (issue 26, item 11): a document SAP holds for a
 * record still to post here is adopted ("Adopt SAP document", the reconciliation's own action); any other
 * difference of a record of ours is settled on its posting, which Posting History's drawer opens (with "Reverse
 * in SAP" when the posting may be reversed); a key no record of ours carries is only for checking in SAP.
 */
function DifferenceAction({
  difference,
  onAdopt,
}: {
  difference: ReconciliationRunDetail['differences'][number];
  onAdopt: (index: number) => void;
}) {
  if (difference.adoptable)
    return (
      <Button size="compact-sm" variant="light" onClick={() => onAdopt(difference.index)}>
        Adopt SAP document
      </Button>
    );
  if (difference.kind && difference.recordId !== null)
    return (
      <PostingLink
        difference={difference}
        size="sm"
        aria-label={`Open posting of trip ${difference.tripNumber ?? `#${difference.recordId}`}`}
        style={{ whiteSpace: 'nowrap' }}
      >
        Open posting
      </PostingLink>
    );
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      Check in SAP
    </Text>
  );
}

function DifferencesTable({
  run,
  onAdopt,
}: {
  run: ReconciliationRunDetail;
  onAdopt: (index: number) => void;
}) {
  if (!run.differences.length)
    return run.hiddenDifferences ? null : (
      <Text size="sm">No differences: SAP agrees with every posting dated in this range.</Text>
    );
  return (
    <ScrollTable
      minWidth={1100}
      verticalSpacing="xs"
      aria-label="Differences"
      headers={['Type', 'Trip', 'Kind', 'Key', 'Ours', 'SAP', 'Message', 'Action']}
    >
      {run.differences.map((difference) => {
        const type = DIFFERENCE_TYPES[difference.type];
        return (
          <Table.Tr key={difference.index}>
            <Table.Td>
              <Badge color={type.color} variant="light" styles={WHOLE_BADGE}>
                {type.label}
              </Badge>
            </Table.Td>
            <Table.Td>
              {difference.tripNumber && difference.kind ? (
                <PostingLink difference={difference} size="sm">
                  {difference.tripNumber}
                </PostingLink>
              ) : (
                (difference.tripNumber ?? 'N/A')
              )}
            </Table.Td>
            <Table.Td>{kindLabel(difference.kind)}</Table.Td>
            <Table.Td ff="monospace">{difference.idempotencyKey}</Table.Td>
            <Table.Td>{side(difference.ours, difference.currency)}</Table.Td>
            <Table.Td>{side(difference.sap, difference.currency)}</Table.Td>
            <Table.Td maw={420}>{difference.message}</Table.Td>
            <Table.Td>
              <DifferenceAction difference={difference} onAdopt={onAdopt} />
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ScrollTable>
  );
}

/** The selected run: its summary cards and differences (each adoptable one with "Adopt SAP document"). */
export function ReconciliationRunDetailView({ runId }: { runId: number }) {
  const run = useReconciliationRun(runId);
  const adopt = useAdoptDifference(runId);
  const [adopting, setAdopting] = useState<number | null>(null);
  if (run.isError) return <ErrorAlert error={run.error} />;
  if (!run.data) return <Loader size="sm" aria-label="Loading the reconciliation" />;
  const data = run.data;
  // `adopting` is the difference's number in the run (the server's), not its row on this screen.
  const chosen = data.differences.find((d) => d.index === adopting);
  const confirm = () => {
    if (adopting === null) return;
    adopt.mutate(adopting, {
      onSuccess: ({ message }) => {
        setAdopting(null);
        notifySuccess({ message });
      },
      onError: (error) => notifyError({ message: errorMessage(error, ADOPT_FAILED) }),
    });
  };

  return (
    <Stack gap="md" aria-live="polite">
      <Title order={2} size="h3">
        Reconciliation #{data.id}: {formatDate(data.fromDate)} to {formatDate(data.toDate)}
      </Title>
      {data.status === 'queued' || data.status === 'running' ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Comparing our postings with SAP…</Text>
        </Group>
      ) : data.status === 'failed' ? (
        <Alert color="red" variant="light" title="The reconciliation failed" role="alert">
          {data.error ?? 'It did not finish.'}
        </Alert>
      ) : (
        <>
          <SummaryCards run={data} />
          <DifferencesTable run={data} onAdopt={setAdopting} />
          {data.hiddenDifferences > 0 && (
            <Text size="sm" c="dimmed">
              {hiddenLine(data.hiddenDifferences)}
            </Text>
          )}
        </>
      )}
      <Modal
        opened={chosen !== undefined}
        onClose={() => setAdopting(null)}
        title="Adopt SAP's document?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">{chosen?.message}</Text>
          <Text size="sm">
            The record will be marked posted with SAP&apos;s DocEntry {chosen?.sapDocEntry ?? 'N/A'}; nothing
            is sent to SAP.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAdopting(null)}>
              Cancel
            </Button>
            <Button loading={adopt.isPending} onClick={confirm}>
              Adopt
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
