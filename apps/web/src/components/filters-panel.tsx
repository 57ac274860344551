import { useId } from 'react';
import { Collapse, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconChevronDown } from '@tabler/icons-react';
import { DateFilter, type DateFilterProps } from './date-filter';
import classes from './filters-panel.module.css';

export type FiltersPanelProps = DateFilterProps & {
  /** Open on first render; closed by default. */
  defaultOpened?: boolean;
};

/** The collapsible 'Filters' panel with From Date, To Date and Filter. */
export function FiltersPanel({ defaultOpened = false, ...filterProps }: FiltersPanelProps) {
  const [opened, { toggle }] = useDisclosure(defaultOpened);
  const bodyId = useId();
  return (
    <Paper withBorder radius="md">
      <UnstyledButton
        className={classes.toggle}
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={bodyId}
      >
        <Group gap="xs">
          <IconAdjustmentsHorizontal size={18} aria-hidden />
          <Text fw={600} size="sm">
            Filters
          </Text>
        </Group>
        <IconChevronDown size={16} aria-hidden className={classes.chevron} data-opened={opened || undefined} />
      </UnstyledButton>
      <Collapse expanded={opened} id={bodyId}>
        <div className={classes.body}>
          <DateFilter {...filterProps} />
        </div>
      </Collapse>
    </Paper>
  );
}
