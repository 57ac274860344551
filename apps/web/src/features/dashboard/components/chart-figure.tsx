import { Box, Card, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatCount } from '@/lib/format';
import type { ChartRow, KindFigures } from '../lib/dashboard-figures';

// @mantine/charts and recharts load only with the first chart, after the count cards have rendered.
const KindBarChart = lazy(async () => ({ default: (await import('./kind-bar-chart')).KindBarChart }));

export type ChartFigureProps = {
  title: string;
  /** One sentence with the main numbers, read before the table. */
  summary: string;
  /** The first column's heading in the text alternative (Waiting time, Day). */
  rowHeading: string;
  rows: ChartRow[];
  kinds: KindFigures[];
  tickInterval?: number;
};

/**
 * A chart with its text alternative: a summary sentence everyone sees, and a table of the charted numbers
 * for screen readers (visually hidden; the drawing itself is hidden from them).
 */
export function ChartFigure({ title, summary, rowHeading, rows, kinds, tickInterval }: ChartFigureProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {summary}
        </Text>
        <Suspense fallback={<Box h={240} />}>
          <KindBarChart rows={rows} kinds={kinds} tickInterval={tickInterval} />
        </Suspense>
        <VisuallyHidden>
          <Table>
            <caption>{title}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{rowHeading}</Table.Th>
                {kinds.map((kind) => (
                  <Table.Th key={kind.name} scope="col">
                    {kind.label}
                  </Table.Th>
                ))}
                <Table.Th scope="col">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th scope="row">{row.label}</Table.Th>
                  {kinds.map((kind) => (
                    <Table.Td key={kind.name}>{formatCount(row[kind.name] ?? 0)}</Table.Td>
                  ))}
                  <Table.Td>{formatCount(row.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </VisuallyHidden>
      </Stack>
    </Card>
  );
}
