import { BarChart } from '@mantine/charts';
// The legend's colour swatches are core's ColorSwatch, whose styles the app's subset leaves to this chunk.
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { KIND_COLORS, type ChartRow, type KindFigures } from '../lib/dashboard-figures';

export type KindBarChartProps = {
  rows: ChartRow[];
  kinds: KindFigures[];
  /** Label every n-th tick only (30 days do not fit a phone's width). */
  tickInterval?: number;
};

/**
 * A stacked bar chart of counts per kind (its own lazy chunk with @mantine/charts and recharts, so the count
 * cards render first). Hidden from screen readers: the figure's table beside it holds the same numbers.
 */
export function KindBarChart({ rows, kinds, tickInterval }: KindBarChartProps) {
  return (
    // inert as well: recharts makes its surface focusable, and a hidden element must hold nothing focusable.
    <div aria-hidden="true" inert data-testid="dashboard-chart">
      <BarChart
        h={240}
        data={rows}
        dataKey="label"
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'bottom', height: 56 }}
        series={kinds.map((kind) => ({ name: kind.name, label: kind.label, color: KIND_COLORS[kind.name] }))}
        xAxisProps={tickInterval === undefined ? {} : { interval: tickInterval }}
        yAxisProps={{ allowDecimals: false, width: 36 }}
        tooltipAnimationDuration={150}
        // No keyboard stop inside a drawing hidden from screen readers (its table carries the numbers).
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
