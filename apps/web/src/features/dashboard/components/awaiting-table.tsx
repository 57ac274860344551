import { Card, Table, Title } from '@mantine/core';
import { formatAmount, formatCount } from '@/lib/format';
import type { KindFigures } from '../lib/dashboard-figures';

/** Per kind: how many records await posting and their total amount, how many of them failed. */
export function AwaitingTable({ kinds }: { kinds: KindFigures[] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="awaiting-title">
      <Title order={2} size="h4" mb="sm" id="awaiting-title">
        Awaiting posting
      </Title>
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
                {formatAmount(kind.awaiting.amount)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCount(kind.failed)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
