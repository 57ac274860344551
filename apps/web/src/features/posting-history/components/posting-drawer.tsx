import { useState } from 'react';
import {
  Accordion,
  Button,
  Code,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { PERMISSIONS } from '@ff/contract/plain';
import type { PostingDetail } from '@ff/contract';
import { ErrorAlert } from '@/components/error-alert';
import { useHasPermission } from '@/lib/auth/current-user';
import { formatDate, formatMoney, NOT_AVAILABLE } from '@/lib/format';
import { usePosting } from '../api/postings';
import { kindLabel } from '../lib/posting-labels';
import { netOf } from '../lib/posting-totals';
import { PostingStatusBadge } from './posting-status-badge';
import { PostingTimeline } from './posting-timeline';
import { ReversePostingModal } from './reverse-posting-modal';
// Only this lazily loaded screen uses it: its styles load with it, not on every route (app/mantine-styles.ts).
import '@mantine/core/styles/Drawer.css';

/** One posting (`?posting=<id>`): its keys, timeline, what was sent to SAP and, when allowed, "Reverse in SAP". */
export function PostingDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const posting = usePosting(id);
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="lg" title="Posting">
      {posting.isError ? (
        <ErrorAlert error={posting.error} />
      ) : posting.data ? (
        <PostingDetailView posting={posting.data} />
      ) : (
        <Loader aria-label="Loading the posting" />
      )}
    </Drawer>
  );
}

function Field({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value ?? NOT_AVAILABLE}</Text>
    </div>
  );
}

/**
 * The posting's amount; when SAP computed VAT on its document (issue 25), its net, VAT and gross as SAP did,
 * in the posting's currency.
 */
function AmountFields({ posting }: { posting: PostingDetail }) {
  const { vat, gross, currency } = posting;
  if (vat === null || vat === undefined || gross === null || gross === undefined)
    return <Field label="Amount" value={formatMoney(posting.amount, currency)} />;
  return (
    <>
      <Field label="Net" value={formatMoney(netOf(gross, vat), currency)} />
      <Field label="VAT" value={formatMoney(vat, currency)} />
      <Field label="Gross" value={formatMoney(gross, currency)} />
    </>
  );
}

export function PostingDetailView({ posting }: { posting: PostingDetail }) {
  const mayReverse = useHasPermission(PERMISSIONS.reversePostings);
  const [reversing, setReversing] = useState(false);
  const name = `${posting.tripNumber ?? `#${posting.recordId}`} (${kindLabel(posting.kind)})`;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {posting.tripNumber ?? `#${posting.recordId}`}
        </Title>
        <PostingStatusBadge status={posting.status} />
      </Group>
      <SimpleGrid cols={2} spacing="sm">
        <Field label="Kind" value={kindLabel(posting.kind)} />
        <AmountFields posting={posting} />
        <Field label="Posting Date" value={formatDate(posting.postingDate)} />
        <Field label="Idempotency Key" value={posting.idempotencyKey} />
        <Field label="SAP DocEntry" value={posting.sapDocEntry} />
        <Field label="SAP DocNum" value={posting.sapDocNum} />
      </SimpleGrid>
      {posting.message && (
        <Text size="sm" c="red">
          {posting.message}
        </Text>
      )}
      {mayReverse &&
        (posting.reversible ? (
          <Group>
            <Button color="red" onClick={() => setReversing(true)}>
              Reverse in SAP
            </Button>
          </Group>
        ) : (
          posting.notReversibleReason && (
            <Text size="sm" c="dimmed">
              {posting.notReversibleReason}
            </Text>
          )
        ))}
      <Title order={3} size="h4">
        Timeline
      </Title>
      <PostingTimeline items={posting.timeline} />
      <Accordion variant="contained">
        <Accordion.Item value="document">
          <Accordion.Control>What was sent to SAP</Accordion.Control>
          <Accordion.Panel>
            {posting.document ? (
              <Code block>{JSON.stringify(posting.document, null, 2)}</Code>
            ) : (
              <Text size="sm">Nothing was sent for this posting.</Text>
            )}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <ReversePostingModal
        id={posting.id}
        name={name}
        opened={reversing}
        onClose={() => setReversing(false)}
      />
    </Stack>
  );
}
