import { Card, Text } from '@mantine/core';
import { formatCount } from '@/lib/format';
import type { KindFigures } from '../lib/dashboard-figures';

function Figure({ title, value, description }: { title: string; value: number; description: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Text size="sm" fw={600} c="dimmed">
        {title}
      </Text>
      <Text fz={28} fw={700} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCount(value)}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {description}
      </Text>
    </Card>
  );
}

/** Rows whose last posting failed (every kind the user sees), and the VAS rows queued and not yet sent. */
export function AttentionCards({ kinds }: { kinds: KindFigures[] }) {
  const failed = kinds.reduce((sum, kind) => sum + kind.failed, 0);
  const vas = kinds.find((kind) => kind.name === 'vasTransaction');
  return (
    <>
      <Figure
        title="Failed postings"
        value={failed}
        description="Rows whose last posting failed; open their list to see why and post again"
      />
      {vas && (
        <Figure
          title="VAS queue"
          value={vas.queued}
          description="VAS transactions queued for posting and not yet sent to SAP"
        />
      )}
    </>
  );
}
