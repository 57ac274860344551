import { Card, List, Table, Title } from '@mantine/core';
import { formatAmount, formatCount, formatMoney } from '@/lib/format';
import type { KindFigures } from '../lib/dashboard-figures';

/**
 * A kind's awaiting total per currency (issue 25), one line each: the local currency's (unlabelled, as every
 * amount of the spec's screens), then each foreign currency's ('USD 1,234.50'). The local line is left out when
 * every awaiting record is in a foreign currency.
 */
function AwaitingAmounts({ awaiting }: { awaiting: KindFigures['awaiting'] }) {
  if (!awaiting.currencies.length) return formatAmount(awaiting.amount);
  const foreignCount = awaiting.currencies.reduce((sum, figure) => sum + figure.count, 0);
  const lines = [
    ...(awaiting.count > foreignCount ? [formatAmount(awaiting.amount)] : []),
    ...awaiting.currencies.map((figure) => formatMoney(figure.amount, figure.currency)),
  ];
  return (
    // 'USD 168,099.00' stays on one line (Mantine's label wraps by default): wrapped at phone width, its code read
    // as the line above's.
    <List
      listStyleType="none"
      size="sm"
      spacing={0}
      fz="sm"
      styles={{ itemWrapper: { display: 'block' }, itemLabel: { whiteSpace: 'nowrap' } }}
    >
      {lines.map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
}

/** Per kind: how many records await posting and their total amount (per currency), how many of them failed. */
export function AwaitingTable({ kinds }: { kinds: KindFigures[] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="awaiting-title">
      <Title order={2} size="h4" mb="sm" id="awaiting-title">
        Awaiting posting
      </Title>
      {/*
        At phone width the four columns scroll sideways inside the card rather than being cut off; the scrolling box
        takes the focus (it holds nothing focusable), so a keyboard scrolls it with the arrow keys.
      */}
      <Table.ScrollContainer
        minWidth={340}
        type="native"
        tabIndex={0}
        role="group"
        aria-labelledby="awaiting-title"
      >
        <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm" aria-labelledby="awaiting-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Kind</Table.Th>
              <Table.Th scope="col" ta="right">
                Records
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Failed
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kinds.map((kind) => (
              <Table.Tr key={kind.name}>
                <Table.Th scope="row" fw={500}>
                  {kind.label}
                </Table.Th>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(kind.awaiting.count)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <AwaitingAmounts awaiting={kind.awaiting} />
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(kind.failed)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
