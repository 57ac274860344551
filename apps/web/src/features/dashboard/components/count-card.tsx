import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCount } from '@/lib/format';
import classes from './count-card.module.css';

export type CountCardProps = {
  title: string;
  count: number | undefined;
  /** What the count is, under the number. */
  description: string;
  to: string;
  /** Navigation state, e.g. `{ activeTab: 'second-je' }`. */
  state?: unknown;
  icon: Icon;
};

/** A dashboard card: the whole card is one link (keyboard-focusable) to the list it counts. */
export function CountCard({ title, count, description, to, state, icon: CardIcon }: CountCardProps) {
  const shown = count === undefined ? '–' : formatCount(count);
  return (
    <Card
      component={Link}
      to={to}
      state={state}
      withBorder
      radius="md"
      padding="lg"
      className={classes.card}
      aria-label={`${title}: ${shown} records awaiting posting`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" fw={600} c="dimmed">
          {title}
        </Text>
        <ThemeIcon variant="light" color="yellow" size={38} radius="md">
          <CardIcon size={22} aria-hidden />
        </ThemeIcon>
      </Group>
      <Text className={classes.count} fw={700} mt="xs">
        {shown}
      </Text>
      <Group justify="space-between" mt="sm" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {description}
        </Text>
        <IconArrowRight size={16} aria-hidden className={classes.arrow} />
      </Group>
    </Card>
  );
}
